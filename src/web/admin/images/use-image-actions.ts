import type { ImageCategory } from '../../../shared/images/images';
import type { NewImage } from './api';
import { toastProblem, useAdminMutation } from '../admin-mutation';
import { useImagesApi } from './api';
import { adminImagesQueries } from './queries';

/** Upload, edit and delete with the toasts in docs/product.md#ui-messages; each says when it is pending. */
export function useImageActions() {
  const images = useImagesApi();
  const invalidates = [adminImagesQueries.lists()];
  const upload = useAdminMutation({
    mutationFn: (image: NewImage) => images.upload(image),
    success: { title: 'Image uploaded successfully' },
    failure: { title: 'Upload Error', fallback: 'Upload failed' },
    invalidates,
  });
  const update = useAdminMutation({
    mutationFn: ({ id, changes }: { id: number; changes: { altText: string; category: ImageCategory } }) =>
      images.update(id, changes),
    success: { title: 'Image updated successfully' },
    failure: { title: 'Update Error', fallback: 'Update failed' },
    invalidates,
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => images.remove(id),
    success: { title: 'Image deleted successfully' },
    failure: { title: 'Delete Error', fallback: 'Delete failed' },
    invalidates,
  });
  return { upload, update, remove };
}

/** docs/product.md#image-rules: a dropped or chosen file must declare an image type. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export function rejectNonImage(): void {
  toastProblem({ title: 'Invalid File', description: 'Please select an image file' });
}
