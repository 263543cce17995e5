import { request as playwrightRequest } from '@playwright/test';
import { stepAt, totpCode } from '../../src/server/auth/totp';
import type { InvitationView, StaffRole } from '../../src/shared/staff/staff';

export const STAFF_PASSWORD = 'blue kettle under the stairs';
let made = 0;

/** A staff account as the tests hold it: how to sign in, and the authenticator app's next code. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
  secret: string;
  /**
   * The next code the app would show: each code works once, so each call moves a step on, and
   * waits (up to 30 s) when that step is further ahead than the one step the server allows.
   */
  nextCode(): Promise<string>;
}

/**
 * Makes a staff account as an owner's invitation would (decision 0058): the key invites an
 * address with `roles`, and the invitation is accepted with a password and an authenticator app
 * (so no mail is needed), in a request context of its own. The code used to accept is the step
 * behind the present one; later ones step on, within the one step either side the server allows
 * for a phone's clock.
 */
export async function makeAccount(
  /** The server's address; '' for the fixtures' (E2E_BASE_URL). */
  baseUrl: string,
  key: string,
  roles: StaffRole[] = ['owner'],
  // Unique on a server the workers share: a name another account has is refused (issue 36).
  name = `Staff member ${process.pid}.${made + 1}`,
): Promise<TestAccount> {
  made += 1;
  // A context of its own: accepting signs in, and that session must not be the browser's.
  const request = await playwrightRequest.newContext({ baseURL: baseUrl || process.env.E2E_BASE_URL });
  const email = `staff-${process.pid}-${made}-${Date.now()}@example.test`;
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: { 'x-api-key': key },
    data: { email, roles },
  });
  if (invited.status() !== 201) throw new Error(`Invitation refused: ${invited.status()} ${await invited.text()}`);
  const { link } = (await invited.json()) as { link: string };
  const token = link.slice(link.indexOf('#') + 1);
  const view = (await (
    await request.post('/api/staff/invitations/open', { data: { token } })
  ).json()) as InvitationView;
  const { secret } = view.authenticator;
  // The step behind the present one, which the server still allows for a phone's clock: the
  // account then has three codes in hand (behind, now, ahead) before a test must wait for a step
  // to pass. Reckoned 10 s ahead, so that a request slower than that near a step's end is the
  // only way the server could see this code as two steps behind.
  let step = stepAt(new Date(Date.now() + 10_000)) - 1;
  const accepted = await request.post('/api/staff/invitations/accept', {
    data: { token, name, password: STAFF_PASSWORD, authenticator: { secret, code: totpCode(secret, step) } },
  });
  if (accepted.status() !== 201) throw new Error(`Acceptance refused: ${accepted.status()} ${await accepted.text()}`);
  await request.dispose();
  return {
    name,
    email,
    password: STAFF_PASSWORD,
    secret,
    nextCode: async () => {
      step = Math.max(step + 1, stepAt(new Date()));
      while (step > stepAt(new Date()) + 1) await new Promise((resolve) => setTimeout(resolve, 500));
      return totpCode(secret, step);
    },
  };
}
