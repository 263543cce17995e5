/**
 * The signed-in admin key. Until the admin shell's session (sign-in issue) is merged this reads
 * sessionStorage directly, under the name SPEC.md section 6 fixes; afterwards it should return
 * useAdminSession().apiKey, and this file is the one place to change.
 */
export function useAdminKey(): string | null {
  try {
    return sessionStorage.getItem('adminApiKey');
  } catch {
    return null;
  }
}
