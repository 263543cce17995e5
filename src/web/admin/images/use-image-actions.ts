import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { toast } from '../../components/ui/use-toast';
import { type NewImage, toastFailure } from '../admin-api';
import { useAdminApi } from '../session';
import { imagesQueryKey } from './ImageFilters';

/** Upload, edit and delete with the toasts in docs/product.md#ui-messages; each reports whether it is pending. */
export function useImageActions() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'upload' | 'update' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesQueryKey() });

  async function run<T>(
    kind: 'upload' | 'update' | 'delete',
    action: () => Promise<T>,
    done: string,
    failed: [string, string],
  ) {
    setPending(kind);
    try {
      const result = await action();
      toast({ title: done });
      await refresh();
      return result;
    } catch (error) {
      toastFailure(failed[0], error, { fallback: failed[1] });
      return undefined;
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    upload: (image: NewImage): Promise<ImageRecord | undefined> =>
      run('upload', () => api.images.upload(image), 'Image uploaded successfully', ['Upload Error', 'Upload failed']),
    update: (id: number, changes: { altText: string; category: ImageCategory }) =>
      run('update', () => api.images.update(id, changes), 'Image updated successfully', [
        'Update Error',
        'Update failed',
      ]),
    remove: (id: number) =>
      run('delete', () => api.images.remove(id).then(() => true), 'Image deleted successfully', [
        'Delete Error',
        'Delete failed',
      ]),
  };
}

/** docs/product.md#image-rules: a dropped or chosen file must declare an image type. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export function rejectNonImage(): void {
  toast({ variant: 'destructive', title: 'Invalid File', description: 'Please select an image file' });
}
