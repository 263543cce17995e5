import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { HttpError, apiRequest, getJson } from '../../lib/http';

export interface ImageQuery {
  q: string;
  /** 'all' is sent as no category (SPEC.md section 7). */
  category: ImageCategory | 'all';
}

export const imagesQueryKey = (query?: ImageQuery) => (query ? ['images', query.q, query.category] : ['images']);

export async function fetchImages({ q, category }: ImageQuery): Promise<ImageRecord[]> {
  const params = new URLSearchParams({ q });
  if (category !== 'all') params.set('category', category);
  try {
    return (await getJson<{ images: ImageRecord[] }>(`/api/images?${params}`)).images;
  } catch {
    throw new Error('Failed to fetch images');
  }
}

export interface NewImage {
  file: File;
  altText: string;
  category: ImageCategory;
}

export async function uploadImage(apiKey: string, { file, altText, category }: NewImage): Promise<ImageRecord> {
  const form = new FormData();
  form.set('category', category);
  form.set('altText', altText);
  form.set('image', file);
  const response = await apiRequest('POST', '/api/admin/images', form, { 'x-api-key': apiKey });
  return (await response.json()) as ImageRecord;
}

export async function updateImage(
  apiKey: string,
  id: number,
  changes: { altText: string; category: ImageCategory },
): Promise<ImageRecord> {
  const response = await apiRequest('PATCH', `/api/admin/images/${id}`, changes, { 'x-api-key': apiKey });
  return (await response.json()) as ImageRecord;
}

export async function deleteImage(apiKey: string, id: number): Promise<void> {
  await apiRequest('DELETE', `/api/admin/images/${id}`, undefined, { 'x-api-key': apiKey });
}

/** The server's own message when it sent one (SPEC.md: 'Error body has error'), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.body?.error) return error.body.error;
  return fallback;
}
