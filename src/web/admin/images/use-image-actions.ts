import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { toast } from '../../components/ui/use-toast';
import { useAdminKey, useSignOutOn401 } from '../use-admin-key';
import { type NewImage, deleteImage, imagesQueryKey, serverMessage, updateImage, uploadImage } from './api';

/** Upload, edit and delete with SPEC.md's toasts; each reports whether it is pending. */
export function useImageActions() {
  const apiKey = useAdminKey();
  const signOutOn401 = useSignOutOn401();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'upload' | 'update' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesQueryKey() });

  async function run<T>(
    kind: 'upload' | 'update' | 'delete',
    action: () => Promise<T>,
    done: string,
    failed: [string, string],
  ) {
    if (!apiKey) {
      toast({ variant: 'destructive', title: failed[0], description: 'Authentication required. Please log in again.' });
      return undefined;
    }
    setPending(kind);
    try {
      const result = await action();
      toast({ title: done });
      await refresh();
      return result;
    } catch (error) {
      toast({ variant: 'destructive', title: failed[0], description: serverMessage(error, failed[1]) });
      signOutOn401(error);
      return undefined;
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    upload: (image: NewImage): Promise<ImageRecord | undefined> =>
      run('upload', () => uploadImage(apiKey, image), 'Image uploaded successfully', ['Upload Error', 'Upload failed']),
    update: (id: number, changes: { altText: string; category: ImageCategory }) =>
      run('update', () => updateImage(apiKey, id, changes), 'Image updated successfully', [
        'Update Error',
        'Update failed',
      ]),
    remove: (id: number) =>
      run('delete', () => deleteImage(apiKey, id).then(() => true), 'Image deleted successfully', [
        'Delete Error',
        'Delete failed',
      ]),
  };
}

/** SPEC.md section 5: a dropped or chosen file must declare an image type. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export function rejectNonImage(): void {
  toast({ variant: 'destructive', title: 'Invalid File', description: 'Please select an image file' });
}
