import { X } from 'lucide-react';
import type { ImageRecord } from '../../../shared/images/images';
import { ImagePicker } from '../images/ImagePicker';

/** docs/product.md#image-picker: the picker shows at most 12 images. */
export const pickerLimit = 12;

/**
 * The image library's picker (browse, search, filter, upload new, select) in a headed panel with
 * a close button. The editor opens it to insert or replace an image; the form opens it to choose
 * a featured image. New uploads from here are filed under 'blog'.
 */
export function ImagePickerPanel({
  heading,
  onSelect,
  onClose,
}: {
  heading: string;
  onSelect: (image: ImageRecord) => void;
  onClose: () => void;
}) {
  return (
    <section
      aria-label={heading}
      className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-3"
      data-testid="image-picker"
    >
      <div className="mb-3 flex items-center justify-between">
        <h3 className="font-semibold text-slate-900">{heading}</h3>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close image picker"
          className="rounded p-1 text-slate-700 hover:bg-slate-200"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <ImagePicker onSelect={onSelect} limit={pickerLimit} uploadCategory="blog" />
    </section>
  );
}
