/**
 * The staff session's contract between the admin screens and the server
 * (docs/product.md#admin-session, docs/decisions/0030-admin-sessions.md).
 */
export const adminSessionPath = '/api/admin/session';

/** The header carrying the session's CSRF token on every state-changing call. */
export const csrfHeader = 'x-csrf-token';

/** What sign-in and GET /api/admin/session answer; the token lives only in the page's memory. */
export interface AdminSessionInfo {
  csrfToken: string;
  /** How long the session survives without an admin call. */
  idleMs: number;
  /** ISO time of the absolute end. */
  expiresAt: string;
}

/** The 401 for a session cookie that no longer names a live session (idle, too old, signed out, key changed). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
