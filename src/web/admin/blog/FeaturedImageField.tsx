import { useQuery } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useAdminMutation } from '../admin-mutation';
import { adminImagesQueries } from '../images/queries';
import { isImageFile, rejectNonImage } from '../images/use-image-actions';
import { UploadProgressBar, useUploadProgress } from '../ui/UploadProgress';
import { useImagesApi } from '../images/api';
import { ImagePickerPanel } from './ImagePickerPanel';

/**
 * A featured image's upload, held by the post form (which may not save while it runs): filed in
 * the image library under 'blog', without alt text (the post describes it), and no toast on success.
 */
export function useFeaturedImageUpload() {
  const images = useImagesApi();
  const progress = useUploadProgress();
  const mutation = useAdminMutation({
    mutationFn: (file: File) =>
      images.upload({ file, altText: '', category: 'blog', onProgress: progress.track(file) }),
    failure: { title: 'Upload Error', fallback: 'Upload failed' },
    onSettled: progress.clear,
  });
  return { ...mutation, progress };
}

/**
 * How staff know the chosen image: by the library's name for it (its file's name, and its
 * description when it has one), not by its stored address; an address from elsewhere by its last part.
 */
function useImageName(path: string): string {
  const images = useImagesApi();
  const library = useQuery({ ...adminImagesQueries.list(images, { q: '', category: 'all' }), enabled: path !== '' });
  const image = library.data?.find((record) => record.path === path);
  if (image) return image.altText ? `${image.filename} (${image.altText})` : image.filename;
  return decodeURIComponent(path.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? path);
}

/** Featured image: choose from the library or upload a new one; either way the form holds its path. */
export function FeaturedImageField({
  value,
  onChange,
  error,
  upload,
}: {
  value: string;
  onChange: (path: string) => void;
  error?: string;
  upload: ReturnType<typeof useFeaturedImageUpload>;
}) {
  const [picking, setPicking] = useState(false);
  const uploading = upload.isPending;
  const name = useImageName(value);

  const uploadChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return rejectNonImage();
    upload.mutate(file, { onSuccess: (image) => onChange(image.path) });
  };

  return (
    <div role="group" aria-labelledby="post-featured-image-label">
      <p id="post-featured-image-label" className="font-medium text-slate-900">
        Featured Image
      </p>
      <div className="mt-1 flex flex-wrap items-start gap-3">
        {value && <img src={value} alt="" className="h-16 w-24 rounded border border-slate-200 object-cover" />}
        <div className="min-w-0 flex-1 space-y-2">
          <p className="break-words text-slate-800" data-testid="featured-image-name">
            {value ? name : 'No image chosen: the post shows without one.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setPicking((open) => !open)}
              className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Select from library
            </button>
            <label className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-blue-600">
              <Upload className="h-4 w-4" aria-hidden="true" />
              {uploading ? 'Uploading...' : 'Upload new image'}
              <input type="file" accept="image/*" className="sr-only" onChange={uploadChosen} disabled={uploading} />
            </label>
            {value && (
              <button
                type="button"
                onClick={() => onChange('')}
                className="inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                <X className="h-4 w-4" aria-hidden="true" /> Remove
              </button>
            )}
          </div>
          {upload.progress.file && <UploadProgressBar file={upload.progress.file} percent={upload.progress.percent} />}
          {/* For an image from another site: its address, which the library cannot name. */}
          <details className="text-sm" open={Boolean(error)}>
            <summary className="cursor-pointer text-slate-700">Use an image from another website</summary>
            <label htmlFor="post-featured-image" className="mt-2 block font-medium text-slate-900">
              Image web address
            </label>
            <input
              id="post-featured-image"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              placeholder="https://..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'post-featuredImage-error' : undefined}
              className={`mt-1 w-full rounded-md border px-3 py-2 text-slate-900 ${error ? 'border-red-600' : 'border-slate-400'}`}
            />
          </details>
        </div>
      </div>
      {error && (
        <p id="post-featuredImage-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {picking && (
        <ImagePickerPanel
          heading="Select Featured Image"
          onSelect={(image) => {
            onChange(image.path);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
