import { Upload, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useAdminMutation } from '../admin-mutation';
import { isImageFile, rejectNonImage } from '../images/use-image-actions';
import { useAdminApi } from '../session';
import { ImagePickerPanel } from './ImagePickerPanel';

/**
 * A featured image's upload, held by the post form (which may not save while it runs): filed in
 * the image library under 'blog', without alt text (the post describes it), and no toast on success.
 */
export function useFeaturedImageUpload() {
  const api = useAdminApi();
  return useAdminMutation({
    mutationFn: (file: File) => api.images.upload({ file, altText: '', category: 'blog' }),
    failure: { title: 'Upload Error', fallback: 'Upload failed' },
  });
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

  const uploadChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return rejectNonImage();
    upload.mutate(file, { onSuccess: (image) => onChange(image.path) });
  };

  return (
    <div>
      <label htmlFor="post-featured-image" className="font-medium text-slate-900">
        Featured Image
      </label>
      <div className="mt-1 flex flex-wrap items-start gap-3">
        {value && <img src={value} alt="" className="h-16 w-24 rounded border border-slate-200 object-cover" />}
        <div className="flex-1 space-y-2">
          <input
            id="post-featured-image"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder="/images/... or https://..."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'post-featuredImage-error' : undefined}
            className={`w-full rounded-md border px-3 py-2 text-slate-900 ${error ? 'border-red-600' : 'border-slate-400'}`}
          />
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
