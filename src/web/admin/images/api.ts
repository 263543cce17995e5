import type { ImageUsage } from '../../../shared/bin/bin';
import type { ImageCategory, ImageRecord } from '../../../shared/images/images';
import type { UploadProgress } from '../../lib/upload-with-progress';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

export interface ImageQuery {
  q: string;
  /** 'all' is sent as no category. */
  category: ImageCategory | 'all';
}

export interface NewImage {
  file: File;
  altText: string;
  category: ImageCategory;
  /** Told as the file is sent, for a progress bar. */
  onProgress?: (progress: UploadProgress) => void;
}

function imageForm({ file, altText, category }: NewImage): FormData {
  const form = new FormData();
  // The fields before the file: the server reads the parts in order.
  form.set('category', category);
  form.set('altText', altText);
  form.set('image', file);
  return form;
}

/** The image library's calls; the blog's post form uploads and lists through them too. */
export function imagesApi({ json, send, upload }: AdminTransport) {
  return {
    list: async ({ q, category }: ImageQuery) => {
      const query = search({ q, category: category === 'all' ? undefined : category });
      return (await json<{ images: ImageRecord[] }>('GET', `/api/admin/images${query}`)).images;
    },
    upload: (image: NewImage) => upload<ImageRecord>('/api/admin/images', imageForm(image), image.onProgress),
    update: (id: number, changes: { altText: string; category: ImageCategory }) =>
      json<ImageRecord>('PATCH', `/api/admin/images/${id}`, changes),
    remove: async (id: number) => void (await send('DELETE', `/api/admin/images/${id}`)),
    usage: (id: number) => json<ImageUsage>('GET', `/api/admin/images/${id}/usage`),
  };
}

export type ImagesApi = ReturnType<typeof imagesApi>;

export const useImagesApi = () => useAdminCalls(imagesApi);
