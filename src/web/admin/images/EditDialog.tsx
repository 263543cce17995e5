import { useId, useState } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images';
import { Dialog } from '../ui/Dialog';
import { CategorySelect } from './CategorySelect';
import { useImageActions } from './use-image-actions';

/** Alt text and category of one image; rendered only while an image is being edited. */
export function EditDialog({ image, onClose }: { image: ImageRecord; onClose: () => void }) {
  const { update, pending } = useImageActions();
  const [altText, setAltText] = useState(image.altText);
  const [category, setCategory] = useState<ImageCategory>(image.category);
  const ids = { alt: useId(), category: useId() };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await update(image.id, { altText, category })) onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Image" description={image.filename}>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <div>
          <label htmlFor={ids.alt} className="block font-medium text-slate-900">
            Alt text
          </label>
          <input
            id={ids.alt}
            value={altText}
            onChange={(event) => setAltText(event.target.value)}
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
          <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2">
            Cancel
          </button>
          <button
            type="submit"
            disabled={pending === 'update'}
            className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {pending === 'update' ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
