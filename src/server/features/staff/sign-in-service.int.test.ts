import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaffServices } from '../../../../tests/support/staff-services';
import { STAFF_PASSWORD } from '../../../../tests/support/staff';
import { canonicalEmail } from '../../../shared/canonical-email';
import { addressBudgetKey, passwordBudgetKey, type SignInLimits } from '../../auth/sign-in-budgets';
import { stepAt, totpCode } from '../../auth/totp';
import type { StoredAccount } from './accounts-repo';

/** Small budgets, so a test spends them in a few attempts. */
const limits: SignInLimits = {
  address: { places: 4, windowMs: 15 * 60_000 },
  password: { freePlaces: 2, firstWaitMs: 1000, longestWaitMs: 60_000, forgetAfterMs: 60 * 60_000 },
  codes: { places: 3, windowMs: 60 * 60_000 },
};
const EMAIL = 'ada@northstar.test';

describe('the sign-in service', () => {
  let services: Awaited<ReturnType<typeof createStaffServices>>;
  let secret: string;
  let refusals: (number | undefined)[];
  const refused = async (account: StoredAccount | undefined) => void refusals.push(account?.id);
  const budgetUsed = async (key: string) =>
    (await services.database.db.selectFrom('sign_in_budgets').select('used').where('key', '=', key).executeTakeFirst())
      ?.used ?? 0;

  beforeEach(async () => {
    services = await createStaffServices({ limits });
    refusals = [];
    const invitedBy = { name: 'Owner', accountId: null };
    const { token } = await services.invitations.create({ email: EMAIL, roles: ['editor'], invitedBy });
    const chosen = services.newSignIn(STAFF_PASSWORD);
    secret = chosen.authenticator.secret;
    await services.invitationsService.accept({ token, name: 'Ada', ...chosen });
    // The next step, so the app's code of the acceptance is not the one a sign-in uses.
    services.clock.advance(30_000);
  });
  afterEach(() => services.database.dispose());

  it('takes the right password to the app code step, then signs in with the code and gives the places back', async () => {
    const step = await services.signInService.password(
      { ip: '192.0.2.1', email: EMAIL, password: STAFF_PASSWORD },
      refused,
    );
    expect(step.next).toBe('authenticator-app');
    expect(await budgetUsed(addressBudgetKey('192.0.2.1'))).toBe(0);
    const code = totpCode(secret, stepAt(services.clock.now()));
    const account = await services.signInService.code({ ip: '192.0.2.1', token: step.challenge, code }, refused);
    expect(account.email).toBe(EMAIL);
    expect(refusals).toEqual([]);
    // The challenge is answered once.
    const again = services.signInService.code({ ip: '192.0.2.1', token: step.challenge, code }, refused);
    await expect(again).rejects.toMatchObject({ statusCode: 401 });
  });

  it('counts a wrong password against the address and the account, refuses past the budget, and says when to retry', async () => {
    const account = await services.accounts.findByEmail(EMAIL);
    const attempt = (password: string) =>
      services.signInService.password({ ip: '192.0.2.2', email: EMAIL, password }, refused);
    for (let i = 0; i < limits.address.places; i += 1) {
      await expect(attempt('not the password at all')).rejects.toMatchObject({ statusCode: 401 });
      services.clock.advance(limits.password.longestWaitMs);
    }
    expect(await budgetUsed(addressBudgetKey('192.0.2.2'))).toBe(limits.address.places);
    expect(await budgetUsed(passwordBudgetKey(canonicalEmail(EMAIL)))).toBe(limits.address.places);
    // The address is spent: even the right password is refused, with a wait.
    const sinceFirst = limits.address.places * limits.password.longestWaitMs;
    await expect(attempt(STAFF_PASSWORD)).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      retryAfterMs: limits.address.windowMs - sinceFirst,
    });
    expect(refusals).toEqual(Array(limits.address.places + 1).fill(account!.id));
  });

  it('refuses a disabled account like a wrong password, and counts it', async () => {
    const account = await services.accounts.findByEmail(EMAIL);
    const owner = await services.invitations.create({
      email: 'o@northstar.test',
      roles: ['owner'],
      invitedBy: { name: 'Owner', accountId: null },
    });
    await services.invitationsService.accept({
      token: owner.token,
      name: 'Owner',
      ...services.newSignIn(STAFF_PASSWORD),
    });
    expect(await services.accounts.change(account!.id, { disabled: true })).toMatchObject({ outcome: 'changed' });
    const attempt = services.signInService.password(
      { ip: '192.0.2.3', email: EMAIL, password: STAFF_PASSWORD },
      refused,
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 401, message: 'Wrong e-mail address or password.' });
    expect(await budgetUsed(passwordBudgetKey(canonicalEmail(EMAIL)))).toBe(1);
    expect(refusals).toEqual([account!.id]);
  });
});
