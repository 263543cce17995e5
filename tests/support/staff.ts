import { stepAt, totpCode } from '../../src/server/auth/totp';
import type { CreatedApiToken, InvitationView, StaffRole } from '../../src/shared/staff/staff';
import type { TestApp } from './app';

export const STAFF_PASSWORD = 'blue kettle under the stairs';

/** A member of staff made through the API in an integration test, signed in. */
export interface JoinedStaff {
  id: number;
  email: string;
  name: string;
  password: string;
  /** The authenticator app's secret (accounts are made with one, so no mail is needed). */
  secret: string;
  /** The session's cookie and CSRF token: what a browser sends on a write. */
  headers: { cookie: string; 'x-csrf-token': string };
  /** The app's code at the clock's time (a test moves the clock on between two uses). */
  code(at: Date): string;
}

/**
 * Invites `email` with `roles` (by `inviter`'s headers: the admin key or a session) and accepts
 * with a password and an authenticator app, as an invitee would: the token from the link, in the body.
 */
export async function joinAsStaff(
  subject: TestApp,
  inviter: Record<string, string>,
  { email, roles, name, at }: { email: string; roles: StaffRole[]; name: string; at: Date },
): Promise<JoinedStaff> {
  const invited = await subject.app.inject({
    method: 'POST',
    url: '/api/admin/staff/invitations',
    headers: inviter,
    payload: { email, roles },
  });
  if (invited.statusCode !== 201) throw new Error(`Invitation refused: ${invited.statusCode} ${invited.body}`);
  const token = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
  const opened = await subject.app.inject({ method: 'POST', url: '/api/staff/invitations/open', payload: { token } });
  const { secret } = (opened.json() as InvitationView).authenticator;
  const accepted = await subject.app.inject({
    method: 'POST',
    url: '/api/staff/invitations/accept',
    payload: { token, name, password: STAFF_PASSWORD, authenticator: { secret, code: totpCode(secret, stepAt(at)) } },
  });
  if (accepted.statusCode !== 201) throw new Error(`Acceptance refused: ${accepted.statusCode} ${accepted.body}`);
  const session = accepted.json() as { csrfToken: string; who: { id: number } };
  const cookie = accepted.cookies.find((each) => each.name === 'admin_session')!.value;
  return {
    id: session.who.id,
    email,
    name,
    password: STAFF_PASSWORD,
    secret,
    headers: { cookie: `admin_session=${cookie}`, 'x-csrf-token': session.csrfToken },
    code: (when) => totpCode(secret, stepAt(when)),
  };
}

/**
 * An API token holding only `roles`, made with the admin key, as the headers a request sends:
 * how an integration test asks as someone with fewer rights than the key.
 */
export async function roleTokenHeaders(
  subject: TestApp,
  adminKey: Record<string, string>,
  roles: StaffRole[],
): Promise<Record<string, string>> {
  const answer = await subject.app.inject({
    method: 'POST',
    url: '/api/admin/api-tokens',
    headers: adminKey,
    payload: { name: `Only ${roles.join()}`, roles },
  });
  return { 'x-api-key': (answer.json() as CreatedApiToken).token };
}
