import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** SPEC.md section 4 and 7: these sessionStorage names are part of the client contract. */
export const API_KEY_STORAGE = 'adminApiKey';
export const LOGGED_IN_STORAGE = 'adminLoggedIn';

export interface AdminSession {
  apiKey: string;
  /** Clears the stored key and flag and returns to the sign-in form, optionally saying why. */
  logout(reason?: string): void;
}

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in key for admin screens; only rendered inside a signed-in session. */
export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession needs a signed-in admin session');
  return session;
}

function readStored(): string | null {
  try {
    const key = sessionStorage.getItem(API_KEY_STORAGE);
    return sessionStorage.getItem(LOGGED_IN_STORAGE) === 'true' && key ? key : null;
  } catch {
    return null;
  }
}

export function useSessionState() {
  // A stored flag plus key restores the session on load (SPEC.md section 4).
  const [apiKey, setApiKey] = useState<string | null>(readStored);
  const [notice, setNotice] = useState<string | null>(null);

  const login = useCallback((key: string) => {
    sessionStorage.setItem(API_KEY_STORAGE, key);
    sessionStorage.setItem(LOGGED_IN_STORAGE, 'true');
    setNotice(null);
    setApiKey(key);
  }, []);

  const logout = useCallback((reason?: string) => {
    sessionStorage.removeItem(API_KEY_STORAGE);
    sessionStorage.removeItem(LOGGED_IN_STORAGE);
    setNotice(reason ?? null);
    setApiKey(null);
  }, []);

  return { apiKey, notice, login, logout };
}

export function SessionProvider({ apiKey, logout, children }: AdminSession & { children: ReactNode }) {
  const value = useMemo(() => ({ apiKey, logout }), [apiKey, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
