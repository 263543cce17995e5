import { imageUploadFieldsSchema } from '../../../shared/images/schemas';
import type { ImageRecord } from '../../../shared/images/images';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { AdminForm, useAdminForm } from '../ui/form';
import { ImageDetailsFields } from './ImageDetailsFields';
import { useImageActions } from './use-image-actions';

/** Alt text and category of one image; rendered only while an image is being edited. */
export function EditDialog({ image, onClose }: { image: ImageRecord; onClose: () => void }) {
  const { update } = useImageActions();
  const form = useAdminForm(imageUploadFieldsSchema, { altText: image.altText, category: image.category });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Image" description={image.filename}>
      <AdminForm
        form={form}
        idPrefix="image-edit"
        onSubmit={(changes) => update.mutate({ id: image.id, changes }, { onSuccess: onClose })}
        className="mt-4 grid gap-4"
      >
        <ImageDetailsFields />
        <DialogActions onCancel={onClose} pending={update.isPending} label="Save" pendingLabel="Saving..." />
      </AdminForm>
    </Dialog>
  );
}
