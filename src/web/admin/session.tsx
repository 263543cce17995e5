import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { toast } from '../components/ui/use-toast';
import { type AdminApi, createAdminApi, INVALID_KEY_MESSAGE } from './admin-api';

/** docs/product.md#admin-session: these sessionStorage names are part of the client contract. */
export const API_KEY_STORAGE = 'adminApiKey';
export const LOGGED_IN_STORAGE = 'adminLoggedIn';

interface AdminSession {
  /** The admin calls, each carrying the signed-in key. */
  api: AdminApi;
  /** Clears the stored key and flag and returns to the sign-in form, optionally saying why. */
  logout(reason?: string): void;
}

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in session for admin screens; only rendered inside one. */
export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession needs a signed-in admin session');
  return session;
}

/** The one admin API client of the signed-in session. */
export const useAdminApi = (): AdminApi => useAdminSession().api;

function readStored(): string | null {
  try {
    const key = sessionStorage.getItem(API_KEY_STORAGE);
    return sessionStorage.getItem(LOGGED_IN_STORAGE) === 'true' && key ? key : null;
  } catch {
    return null;
  }
}

export function useSessionState() {
  const queryClient = useQueryClient();
  // A stored flag plus key restores the session on load (docs/product.md#admin-session).
  const [apiKey, setApiKey] = useState<string | null>(readStored);
  const [notice, setNotice] = useState<string | null>(null);

  const login = useCallback((key: string) => {
    sessionStorage.setItem(API_KEY_STORAGE, key);
    sessionStorage.setItem(LOGGED_IN_STORAGE, 'true');
    setNotice(null);
    setApiKey(key);
  }, []);

  const logout = useCallback(
    (reason?: string) => {
      sessionStorage.removeItem(API_KEY_STORAGE);
      sessionStorage.removeItem(LOGGED_IN_STORAGE);
      // What one key loaded is never shown to the next sign-in.
      queryClient.removeQueries({ queryKey: ['admin'] });
      setNotice(reason ?? null);
      setApiKey(null);
    },
    [queryClient],
  );

  return { apiKey, notice, login, logout };
}

/**
 * Gives the admin screens their client. A 401 from any call (the key is wrong, changed or was
 * rotated) ends the session once, with the message on a toast and on the sign-in form.
 */
export function SessionProvider({
  apiKey,
  logout,
  children,
}: {
  apiKey: string;
  logout: (reason?: string) => void;
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const api = createAdminApi(apiKey, () => {
      toast({ title: INVALID_KEY_MESSAGE, variant: 'destructive' });
      logout(INVALID_KEY_MESSAGE);
    });
    return { api, logout };
  }, [apiKey, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
