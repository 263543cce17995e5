import { useId, useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { Dialog } from '../ui/Dialog';
import { CategorySelect } from './CategorySelect';
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
  const ids = { file: useId(), alt: useId(), category: useId(), problem: useId() };

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
        <div>
          <label htmlFor={ids.alt} className="block font-medium text-slate-900">
            Alt text
          </label>
          <input
            id={ids.alt}
            value={altText}
            onChange={(event) => setAltText(event.target.value)}
            placeholder="Describe the image for screen readers"
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={ids.category} className="block font-medium text-slate-900">
            Category
          </label>
          <CategorySelect
            id={ids.category}
            value={category}
            onChange={(value) => setCategory(value as ImageCategory)}
          />
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => close(false)} className="rounded-md border border-slate-300 px-4 py-2">
            Cancel
          </button>
          <button
            type="submit"
            disabled={pending === 'upload'}
            className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {pending === 'upload' ? 'Uploading...' : 'Upload'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
