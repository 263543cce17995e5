import type { StaffRole } from './staff/staff';

/**
 * The staff session's contract between the admin screens and the server
 * (docs/product.md#admin-session, docs/decisions/0030-admin-sessions.md).
 */
/** POST signs in with the key in x-api-key (the break-glass way in), DELETE signs out: admin routes like any other. */
export const adminSessionPath = '/api/admin/session';
/**
 * Whether this browser has a live session: public, so a signed-out visit to /admin is a plain
 * answer rather than a 401 (it can only ever describe the caller's own cookie).
 */
export const sessionStatusPath = '/api/session';

/** The header carrying the session's CSRF token on every state-changing call. */
export const csrfHeader = 'x-csrf-token';

/** Who a session is: the screens show a person only what their roles may use (decision 0058). */
export interface SessionPerson {
  /** The person's name, or "Admin key" for the break-glass key. */
  name: string;
  kind: 'key' | 'account';
  /** The account's id; null for the key. */
  id: number | null;
  roles: StaffRole[];
}

/** What sign-in and a signed-in status answer; the token lives only in the page's memory. */
export interface AdminSessionInfo {
  who: SessionPerson;
  csrfToken: string;
  /** How long the session survives without an admin call. */
  idleMs: number;
  /** ISO time of the absolute end. */
  expiresAt: string;
}

export type AdminSessionStatus = ({ signedIn: true } & AdminSessionInfo) | { signedIn: false };

/** The 401 for a session cookie that no longer names a live session (idle, too old, signed out, key changed). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
