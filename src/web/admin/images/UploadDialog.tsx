import { useId, useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { ImageDetailsFields } from './ImageDetailsFields';
import { isImageFile, rejectNonImage, useImageActions } from './use-image-actions';

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
  const { upload, pending } = useImageActions();
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const [category, setCategory] = useState<ImageCategory>(defaultCategory);
  const [problem, setProblem] = useState('');
  const ids = { file: useId(), problem: useId() };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setFile(null);
      setAltText('');
      setProblem('');
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Please select an image file');
    const image = await upload({ file, altText, category });
    if (image) {
      onUploaded?.(image);
      close(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Upload Image" description="JPEG, PNG, WebP, GIF or AVIF.">
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        <div>
          <label htmlFor={ids.file} className="block font-medium text-slate-900">
            Image file *
          </label>
          <input
            id={ids.file}
            type="file"
            accept="image/*"
            required
            aria-describedby={problem ? ids.problem : undefined}
            aria-invalid={problem ? true : undefined}
            className="mt-1 block w-full text-slate-800"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (chosen && !isImageFile(chosen)) {
                rejectNonImage();
                event.target.value = '';
                setProblem('Please select an image file');
                return setFile(null);
              }
              setProblem('');
              setFile(chosen);
            }}
          />
          {problem && (
            <p id={ids.problem} className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <ImageDetailsFields
          altText={altText}
          onAltTextChange={setAltText}
          category={category}
          onCategoryChange={setCategory}
        />
        <DialogActions
          onCancel={() => close(false)}
          pending={pending === 'upload'}
          label="Upload"
          pendingLabel="Uploading..."
        />
      </form>
    </Dialog>
  );
}
