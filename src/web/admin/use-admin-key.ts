/**
 * The signed-in admin key (SPEC.md section 4: sessionStorage 'adminApiKey'). Read in one place so
 * the image and logo screens switch to the admin shell's session hook in one edit.
 */
export function useAdminKey(): string {
  try {
    return sessionStorage.getItem('adminApiKey') ?? '';
  } catch {
    return '';
  }
}
