import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { fetchImages, type PickerImage } from './api';

/** SPEC.md sections 2 and 9: the picker shows at most 12 images. */
export const pickerLimit = 12;

/**
 * The image library as a panel: the first 12 images in three columns, scrolling at about 16rem.
 * The editor opens it to insert or replace an image; the form opens it to choose a featured image.
 */
export function ImagePickerPanel({
  heading,
  onSelect,
  onClose,
}: {
  heading: string;
  onSelect: (image: PickerImage) => void;
  onClose: () => void;
}) {
  const images = useQuery({ queryKey: ['images', 'picker'], queryFn: fetchImages });
  const shown = images.data?.slice(0, pickerLimit) ?? [];

  return (
    <section
      aria-label={heading}
      className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-3"
      data-testid="image-picker"
    >
      <div className="flex items-center justify-between">
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
      {images.isPending ? (
        <p className="mt-3 text-sm text-slate-700">Loading images...</p>
      ) : images.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Error loading images
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No images available</p>
      ) : (
        <>
          <ul className="mt-3 grid max-h-64 grid-cols-3 gap-2 overflow-y-auto">
            {shown.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => onSelect(image)}
                  className="block w-full overflow-hidden rounded border border-slate-200 bg-white hover:ring-2 hover:ring-blue-600 focus:ring-2 focus:ring-blue-600"
                  aria-label={`Choose ${image.altText || image.filename}`}
                >
                  <img src={image.path} alt="" className="aspect-square w-full object-cover" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
          {(images.data?.length ?? 0) > pickerLimit && (
            <p className="mt-2 text-xs text-slate-600">
              Showing first 12 images. Upload new images in the main image management section for more options.
            </p>
          )}
        </>
      )}
    </section>
  );
}
