import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { ImageCategory, ImageRecord } from '../../../shared/images/images';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { ImageFilters, useImageLibrary } from './ImageFilters';
import { isImageFile, rejectNonImage, useImageActions } from './use-image-actions';

export interface ImagePickerProps {
  /** Called with the chosen image (uploaded or picked); use image.path, image.variants, image.altText. */
  onSelect: (image: ImageRecord) => void;
  /** docs/product.md#image-picker: the editor's picker shows the first 12. */
  limit?: number;
  /** Category a new upload is filed under, e.g. 'blog'. */
  uploadCategory?: ImageCategory;
}

/**
 * Browse, search, filter, upload-new and select: the image library as a picker, for the blog
 * editor's Insert/Replace Image panel and the featured-image field.
 */
export function ImagePicker({ onSelect, limit = 12, uploadCategory = 'blog' }: ImagePickerProps) {
  const { images, filters } = useImageLibrary();
  const { upload } = useImageActions();
  const fileId = useId();

  return (
    <div className="grid gap-3">
      <ImageFilters filters={filters} compact />
      <div>
        <label
          htmlFor={fileId}
          className="inline-block cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-within:ring-2"
        >
          {upload.isPending ? 'Uploading...' : 'Upload new image'}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isImageFile(file)) return rejectNonImage();
            upload.mutate({ file, altText: '', category: uploadCategory }, { onSuccess: onSelect });
          }}
        />
      </div>
      <PickerGrid images={images} limit={limit} onSelect={onSelect} />
    </div>
  );
}

function PickerGrid({
  images,
  limit,
  onSelect,
}: {
  images: UseQueryResult<ImageRecord[]>;
  limit: number;
  onSelect: (image: ImageRecord) => void;
}) {
  if (images.isPending) return <p className="text-slate-700">Loading images...</p>;
  if (images.isError)
    return (
      <p role="alert" className="text-red-700">
        Error loading images
      </p>
    );
  if (images.data.length === 0) return <p className="text-slate-700">No images available</p>;
  return (
    <>
      <ul className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto">
        {images.data.slice(0, limit).map((image) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => onSelect(image)}
              className="block aspect-square w-full overflow-hidden rounded-md border border-slate-200 hover:ring-2 hover:ring-blue-600"
              aria-label={`Choose ${image.altText || image.filename}`}
            >
              <ResponsiveImage
                src={image.path}
                variants={image.variants}
                alt=""
                width={image.width}
                height={image.height}
                sizes="160px"
                className="h-full w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {images.data.length > limit && (
        <p className="text-sm text-slate-600">
          Showing first {limit} images. Upload new images in the main image management section for more options.
        </p>
      )}
    </>
  );
}
