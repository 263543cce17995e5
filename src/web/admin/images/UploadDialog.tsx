import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { imageUploadFieldsSchema } from '../../../shared/images/schemas';
import type { ImageCategory, ImageRecord } from '../../../shared/images/images';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { AdminForm, Field, useAdminForm, useFieldState } from '../ui/form';
import { ImageDetailsFields } from './ImageDetailsFields';
import { isImageFile, rejectNonImage, useImageActions } from './use-image-actions';
import { FileThumbnail, UploadProgressBar, useUploadProgress } from '../ui/UploadProgress';

const NO_IMAGE = 'Please select an image file';
const uploadSchema = imageUploadFieldsSchema.extend({
  file: z.custom<File>((value) => value instanceof File, NO_IMAGE),
});

/** The upload form: a file (images only), alt text and category. */
export function UploadDialog({
  open,
  onOpenChange,
  defaultCategory = 'general',
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultCategory?: ImageCategory;
  onUploaded?: (image: ImageRecord) => void;
}) {
  const { upload } = useImageActions();
  const progress = useUploadProgress();
  const form = useAdminForm(uploadSchema, { altText: '', category: defaultCategory, file: undefined });

  const close = (next: boolean) => {
    onOpenChange(next);
    // The chosen category stays for the next upload; the file and alt text do not.
    if (!next) form.reset({ altText: '', category: form.getValues('category'), file: undefined });
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Upload Image" description="JPEG, PNG, WebP, GIF or AVIF.">
      <AdminForm
        form={form}
        idPrefix="image-upload"
        onSubmit={(values) =>
          upload.mutate(
            { ...values, onProgress: progress.track(values.file) },
            {
              onSuccess: (image) => {
                onUploaded?.(image);
                close(false);
              },
              onSettled: progress.clear,
            },
          )
        }
        className="mt-4 grid gap-4"
      >
        <Field name="file" label="Image file *">
          <FileInput />
        </Field>
        {progress.file ? <UploadProgressBar file={progress.file} percent={progress.percent} /> : <ChosenFile />}
        <ImageDetailsFields />
        <DialogActions
          onCancel={() => close(false)}
          pending={upload.isPending}
          label="Upload"
          pendingLabel="Uploading..."
        />
      </AdminForm>
    </Dialog>
  );
}

/** The chosen file's thumbnail, before it is sent. */
function ChosenFile() {
  const file = useWatch({ name: 'file' }) as File | undefined;
  return file instanceof File ? (
    <div className="flex items-center gap-3">
      <FileThumbnail file={file} />
      <p className="min-w-0 truncate text-sm text-slate-700">{file.name}</p>
    </div>
  ) : null;
}

/** The file chooser: a file that is not an image is refused at once, with a toast and below the field. */
function FileInput() {
  const { id, aria } = useFieldState('file');
  const { setError, clearErrors } = useFormContext();
  return (
    <Controller
      name="file"
      render={({ field }) => (
        <input
          id={id}
          ref={field.ref}
          type="file"
          accept="image/*"
          required
          {...aria}
          className="mt-1 block w-full text-slate-800"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen && !isImageFile(chosen)) {
              rejectNonImage();
              event.target.value = '';
              field.onChange(undefined);
              return setError('file', { message: NO_IMAGE });
            }
            field.onChange(chosen);
            clearErrors('file');
          }}
        />
      )}
    />
  );
}
