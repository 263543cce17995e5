import { useAdminSession } from '../session';

/** The signed-in admin key; the admin shell renders the blog screen only inside a session. */
export function useAdminKey(): string | null {
  return useAdminSession().apiKey;
}
