import { LOGO_MAX_BYTES } from '../../../shared/settings/settings';

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
