// The server's limit is in src/server/features/images/routes.ts, which the browser cannot import;
// this copy goes once the limit is one shared constant.
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** The three logo messages, checked before anything is sent. */
export function logoFileProblem(file: File | null | undefined): { title: string; description: string } | null {
  if (!file) return { title: 'No file selected', description: 'Please select an image file to upload' };
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid file type', description: 'Please select an image file (JPEG, PNG, GIF, etc.)' };
  }
  if (file.size > LOGO_MAX_BYTES) {
    return { title: 'File too large', description: 'Please select an image less than 5MB in size' };
  }
  return null;
}
