import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { ImageRecord } from '../../../shared/images/images';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import { Seo } from '../../lib/seo';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DropZone } from './DropZone';
import { EditDialog } from './EditDialog';
import { ImageCard } from './ImageCard';
import { ImageFilters, useImageLibrary } from './ImageFilters';
import { ImageUsageWarning } from './ImageUsageWarning';
import { UploadDialog } from './UploadDialog';
import { useImageActions } from './use-image-actions';
import { BackToAdmin } from '../ui/BackToAdmin';

/** /admin/images: the image library (docs/product.md#image-manager). */
export function ImagesPage() {
  const { images, filters, filtered } = useImageLibrary();
  const { category } = filters;
  const [uploadOpen, setUploadOpen] = useState(false);
  const [editing, setEditing] = useState<ImageRecord | null>(null);
  const [deleting, setDeleting] = useState<ImageRecord | null>(null);
  const { remove } = useImageActions();

  return (
    <div>
      <Seo title="Image Manager" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Image Manager</h1>
        <button
          type="button"
          onClick={() => setUploadOpen(true)}
          className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          <Upload className="h-4 w-4" aria-hidden /> Upload Image
        </button>
      </div>
      <p className="mt-2 max-w-3xl text-slate-700">
        The home page shows the newest image in the <strong>hero</strong> category at the top, and the newest{' '}
        <strong>tutoring</strong>, <strong>online</strong> and <strong>classroom</strong> images on its three tuition
        cards. Write alt text that says what the photo shows.
      </p>

      <div className="mt-6">
        <ImageFilters filters={filters} />
      </div>

      <div className="mt-6">
        <DropZone category={category === 'all' ? 'general' : category} />
      </div>

      <section aria-labelledby="images-heading" className="mt-6">
        <h2 id="images-heading" className="sr-only">
          Images
        </h2>
        {images.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading images">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index} data-testid="image-skeleton" className="h-72 animate-pulse rounded-xl bg-slate-200" />
            ))}
          </ul>
        ) : images.isError ? (
          <p className="text-red-700">Error loading images</p>
        ) : images.data.length === 0 ? (
          <p className="py-12 text-center text-lg text-slate-700">{filtered ? 'No images found' : 'No images yet'}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {images.data.map((image) => (
              <ImageCard
                key={image.id}
                image={image}
                onEdit={() => setEditing(image)}
                onDelete={() => setDeleting(image)}
              />
            ))}
          </ul>
        )}
      </section>

      <UploadDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        defaultCategory={category === 'all' ? 'general' : category}
      />
      {editing && <EditDialog key={editing.id} image={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete image?"
        description={`"${deleting?.filename ?? ''}" will be moved to the Bin. Pages that use it will no longer show it. You can restore it from there for ${BIN_KEEP_DAYS} days.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting && <ImageUsageWarning imageId={deleting.id} />}
      </ConfirmDialog>
    </div>
  );
}
