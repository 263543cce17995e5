import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaffServices } from '../../../../tests/support/staff-services';
import { STAFF_PASSWORD } from '../../../../tests/support/staff';
import { AppError } from '../../errors';
import { INVITATION_TTL_MS } from './invitations-repo';

/** The error a refused call threw: its status and field, to compare. */
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, field } = error as AppError;
  return { statusCode, field };
};

describe('the invitations service', () => {
  let services: Awaited<ReturnType<typeof createStaffServices>>;
  beforeEach(async () => {
    services = await createStaffServices();
  });
  afterEach(() => services.database.dispose());

  const invite = async (email: string) => {
    const invitedBy = { name: 'Owner', accountId: null };
    return (await services.invitations.create({ email, roles: ['editor'], invitedBy })).token;
  };

  it('makes the account the invitation offers, with its roles and app, and uses the link up', async () => {
    const token = await invite('ada@northstar.test');
    const { account, invitationId } = await services.invitationsService.accept({
      token,
      name: 'Ada Lovelace',
      ...services.newSignIn(STAFF_PASSWORD),
    });
    expect(account).toMatchObject({ name: 'Ada Lovelace', email: 'ada@northstar.test' });
    expect(account.password_hash).not.toBeNull();
    const stored = await services.accounts.find(account.id);
    expect(stored?.roles).toBe('editor');
    expect(stored?.totp_secret).not.toBeNull();
    expect((await services.invitations.listPending()).map((each) => each.id)).not.toContain(invitationId);
    expect(await services.invitations.findUsable(token)).toBeUndefined();
  });

  it('refuses an expired link and makes no account', async () => {
    const token = await invite('late@northstar.test');
    services.clock.advance(INVITATION_TTL_MS + 1);
    const accepting = services.invitationsService.accept({
      token,
      name: 'Late',
      ...services.newSignIn(STAFF_PASSWORD),
    });
    expect(await refusal(accepting)).toEqual({ statusCode: 404, field: undefined });
    expect(await services.accounts.findByEmail('late@northstar.test')).toBeUndefined();
  });

  it('refuses a link already used', async () => {
    const token = await invite('twice@northstar.test');
    await services.invitationsService.accept({ token, name: 'Once', ...services.newSignIn(STAFF_PASSWORD) });
    const again = services.invitationsService.accept({ token, name: 'Twice', ...services.newSignIn(STAFF_PASSWORD) });
    expect(await refusal(again)).toEqual({ statusCode: 404, field: undefined });
    expect(await services.accounts.nameInUse('Twice')).toBe(false);
  });

  it('refuses an address that already has an account, and leaves the link usable', async () => {
    const first = await invite('grace@northstar.test');
    const second = await invite('Grace@Northstar.test');
    await services.invitationsService.accept({ token: first, name: 'Grace', ...services.newSignIn(STAFF_PASSWORD) });
    const accepting = services.invitationsService.accept({
      token: second,
      name: 'Grace H',
      ...services.newSignIn(STAFF_PASSWORD),
    });
    expect(await refusal(accepting)).toEqual({ statusCode: 409, field: 'email' });
    // The transaction rolled back: nothing half-written, the link not used up.
    expect(await services.invitations.findUsable(second)).toBeDefined();
    expect(await services.accounts.nameInUse('Grace H')).toBe(false);
  });

  it('lets exactly one of two acceptances of the same link at once succeed', async () => {
    const token = await invite('race@northstar.test');
    const results = await Promise.allSettled(
      ['Racer One', 'Racer Two'].map((name) =>
        services.invitationsService.accept({ token, name, ...services.newSignIn(STAFF_PASSWORD) }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ statusCode: 404 });
    const made = await Promise.all(['Racer One', 'Racer Two'].map((name) => services.accounts.nameInUse(name)));
    expect(made.filter(Boolean)).toHaveLength(1);
  });

  it('makes a setup link on a fresh install only, whose acceptance makes an owner and ends the older links', async () => {
    const older = (await services.invitationsService.setupTokenIfNoAccounts())!;
    const newest = (await services.invitationsService.setupTokenIfNoAccounts())!;
    expect(await services.invitations.findUsable(older)).toBeUndefined();
    const { account } = await services.invitationsService.accept({
      token: newest,
      name: 'First Owner',
      email: 'owner@northstar.test',
      ...services.newSignIn(STAFF_PASSWORD),
    });
    expect(account.roles).toBe('owner');
    expect(await services.invitationsService.setupTokenIfNoAccounts()).toBeUndefined();
  });
});
