import type { SettingKey, SettingValue } from '../../../shared/settings';
import { HttpError, apiRequest } from '../../lib/http';

export async function saveSetting(apiKey: string, key: SettingKey, value: string): Promise<SettingValue> {
  const response = await apiRequest('POST', '/api/settings', { key, value }, { 'x-api-key': apiKey });
  return (await response.json()) as SettingValue;
}

export async function uploadLogo(apiKey: string, file: File): Promise<{ logoPath: string }> {
  const form = new FormData();
  form.set('logo', file);
  const response = await apiRequest('POST', '/api/logo/upload', form, { 'x-api-key': apiKey });
  return (await response.json()) as { logoPath: string };
}

/** SPEC.md section 8: logo failures show the status, with the server's message when it sent one. */
export function describeFailure(error: unknown): string {
  if (error instanceof HttpError) return `${error.status}: ${error.body?.error ?? error.message}`;
  return error instanceof Error ? error.message : 'Please try again.';
}

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** SPEC.md section 5's three logo messages, checked before anything is sent. */
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
