import { HttpError } from '../lib/http';
import { useAdminSession } from './session';

/** The signed-in admin key, from the admin shell's session (sessionStorage 'adminApiKey'). */
export function useAdminKey(): string {
  return useAdminSession().apiKey;
}

/** A 401 means the key is no longer valid (rotated): back to sign-in, as the inbox does. */
export function useSignOutOn401(): (error: unknown) => void {
  const { logout } = useAdminSession();
  return (error) => {
    if (error instanceof HttpError && error.status === 401) logout('Invalid API key. Please log in again.');
  };
}
