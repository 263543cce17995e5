import { useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { ImageDetailsFields } from './ImageDetailsFields';
import { useImageActions } from './use-image-actions';

/** Alt text and category of one image; rendered only while an image is being edited. */
export function EditDialog({ image, onClose }: { image: ImageRecord; onClose: () => void }) {
  const { update, pending } = useImageActions();
  const [altText, setAltText] = useState(image.altText);
  const [category, setCategory] = useState<ImageCategory>(image.category);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await update(image.id, { altText, category })) onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Image" description={image.filename}>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <ImageDetailsFields
          altText={altText}
          onAltTextChange={setAltText}
          category={category}
          onCategoryChange={setCategory}
        />
        <DialogActions onCancel={onClose} pending={pending === 'update'} label="Save" pendingLabel="Saving..." />
      </form>
    </Dialog>
  );
}
