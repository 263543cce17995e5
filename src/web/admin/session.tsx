import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  adminSessionPath,
  type AdminSessionInfo,
  type AdminSessionStatus,
  csrfHeader,
  type SessionPerson,
  SESSION_ENDED_MESSAGE,
  sessionStatusPath,
} from '../../shared/admin-session';
import { mayUse, type RouteRole } from '../../shared/staff/staff';
import { HttpError, apiRequest, errorText, getJson } from '../lib/http';
import { toastProblem } from './admin-mutation';
import { adminQueryKey } from './queries';
import { type AdminTransport, createAdminTransport } from './transport';
import { systemClock } from '../../shared/clock';

/**
 * docs/product.md#admin-session: the key is typed once and sent once, to open a session; the
 * browser then holds only an HttpOnly cookie (scripts cannot read it) and, in this page's memory,
 * the session's CSRF token. Nothing is written to sessionStorage or localStorage.
 */
interface AdminSession {
  /** Who is signed in, with the roles that decide which screens show (decision 0058). */
  who: SessionPerson;
  /** How the admin calls reach the server, each carrying the session's CSRF token (transport.ts). */
  transport: AdminTransport;
  /** Ends the session on the server, then returns to the sign-in form. */
  signOut(): Promise<void>;
}

export type SessionState =
  | { status: 'checking' }
  /** The server answered but its database did not (503): nobody is signed out, the check is tried again. */
  | { status: 'unavailable' }
  | { status: 'signed-out'; notice: string | null }
  | { status: 'signed-in'; info: AdminSessionInfo };

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in session for admin screens; only rendered inside one. */
export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession needs a signed-in admin session');
  return session;
}

/**
 * A screen's calls (its `api.ts`) over the signed-in session's one transport, made once per
 * session: `make` is the screen's module-level factory, so the calls keep their identity between renders.
 */
export function useAdminCalls<Calls>(make: (transport: AdminTransport) => Calls): Calls {
  const { transport } = useAdminSession();
  return useMemo(() => make(transport), [make, transport]);
}

/** Whether the signed-in person may use what needs `role`: screens show only what they may. */
export function useMayUse(): (role: RouteRole) => boolean {
  const { roles } = useAdminSession().who;
  return (role) => mayUse(roles, role);
}

/** A 503 is the server saying its database is not answering, not that the session has ended. */
const databaseDown = (error: unknown) => error instanceof HttpError && error.status === 503;

/** What staff see when the key they typed at sign-in is wrong (a 401), on the sign-in form. */
const INVALID_KEY_MESSAGE = 'Invalid API key. Please log in again.';

/** Why sign-in failed, in words for the form. */
function signInFailure(error: unknown): string {
  if (error instanceof HttpError && error.status === 401) return INVALID_KEY_MESSAGE;
  return errorText(error, 'Could not sign in. Please try again.', 'server');
}

export function useSessionState() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  // On load, a live session cookie (this tab's or another's) signs the screens straight in.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    getJson<AdminSessionStatus>(sessionStatusPath).then(
      ({ signedIn, ...info }) =>
        current &&
        setState(
          signedIn ? { status: 'signed-in', info: info as AdminSessionInfo } : { status: 'signed-out', notice: null },
        ),
      (error: unknown) =>
        current && setState(databaseDown(error) ? { status: 'unavailable' } : { status: 'signed-out', notice: null }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  /** Asks again after an outage, showing "Loading" meanwhile. */
  const checkAgain = useCallback(() => {
    setState({ status: 'checking' });
    setAttempt((count) => count + 1);
  }, []);

  const login = useCallback(async (key: string) => {
    try {
      const response = await apiRequest('POST', adminSessionPath, undefined, { 'x-api-key': key });
      setState({ status: 'signed-in', info: (await response.json()) as AdminSessionInfo });
    } catch (error) {
      setState({ status: 'signed-out', notice: signInFailure(error) });
    }
  }, []);

  /** A sign-in that happened elsewhere (a passkey, a code, an accepted invitation) answered this session. */
  const signedIn = useCallback((info: AdminSessionInfo) => setState({ status: 'signed-in', info }), []);

  const logout = useCallback(
    (reason?: string) => {
      // What one session loaded is never shown to the next sign-in.
      queryClient.removeQueries({ queryKey: adminQueryKey });
      setState({ status: 'signed-out', notice: reason ?? null });
    },
    [queryClient],
  );

  return { state, login, signedIn, logout, checkAgain };
}

/**
 * Looks again when the session would have ended without activity (idle or absolute limit): if it
 * has, the sign-in form comes back with the reason, instead of staff finding out from a failed
 * save. If another tab kept it alive, the look counts as activity and the timer starts again.
 */
function useEndOfSession(info: AdminSessionInfo, lastActivity: number, transport: AdminTransport) {
  useEffect(() => {
    const endsAt = Math.min(lastActivity + info.idleMs, Date.parse(info.expiresAt));
    // A second late, so the server agrees it has ended; a timer cannot wait longer than ~24 days.
    const delay = Math.min(Math.max(endsAt - systemClock().getTime(), 0) + 1000, 2 ** 31 - 1);
    const timer = setTimeout(() => void transport.checkSession(), delay);
    return () => clearTimeout(timer);
  }, [info, lastActivity, transport]);
}

/**
 * Gives the admin screens their transport. A 401 from any call (the session ended: idle, too old,
 * signed out elsewhere, or the key was rotated) ends it here once, with the message on a toast
 * and on the sign-in form. `onSignOut` is what staff's own sign-out forgets on this computer
 * (the screens' local copies; AdminApp, which knows the screens, says which).
 */
export function SessionProvider({
  info,
  logout,
  onSignOut,
  children,
}: {
  info: AdminSessionInfo;
  logout: (reason?: string) => void;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const [lastActivity, setLastActivity] = useState(() => systemClock().getTime());
  const value = useMemo<AdminSession>(() => {
    // The transport calls this once, however many calls and timers notice together.
    const ended = () => {
      toastProblem({ title: SESSION_ENDED_MESSAGE });
      logout(SESSION_ENDED_MESSAGE);
    };
    const transport = createAdminTransport(info.csrfToken, { onUnauthorized: ended, onActivity: setLastActivity });
    const signOut = async () => {
      try {
        await apiRequest('DELETE', adminSessionPath, undefined, { [csrfHeader]: info.csrfToken });
      } catch {
        // Signed out here whatever the server said: an ended session needs no ending.
      }
      onSignOut();
      logout();
    };
    return { who: info.who, transport, signOut };
  }, [info, logout, onSignOut]);
  useEndOfSession(info, lastActivity, value.transport);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
