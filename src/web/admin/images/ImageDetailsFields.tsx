import { useId } from 'react';
import type { ImageCategory } from '../../../shared/images';
import { CategorySelect } from './CategorySelect';

/** Alt text and category of an image: the upload and edit dialogs ask for the same two things. */
export function ImageDetailsFields({
  altText,
  onAltTextChange,
  category,
  onCategoryChange,
}: {
  altText: string;
  onAltTextChange: (altText: string) => void;
  category: ImageCategory;
  onCategoryChange: (category: ImageCategory) => void;
}) {
  const ids = { alt: useId(), category: useId() };
  return (
    <>
      <div>
        <label htmlFor={ids.alt} className="block font-medium text-slate-900">
          Alt text
        </label>
        <input
          id={ids.alt}
          value={altText}
          onChange={(event) => onAltTextChange(event.target.value)}
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
          onChange={(value) => onCategoryChange(value as ImageCategory)}
        />
      </div>
    </>
  );
}
