import { Copy, Pencil, Trash2 } from 'lucide-react';
import { formatBytes } from '../../../shared/format-bytes';
import type { ImageRecord } from '../../../shared/images/images';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useAdminMutation } from '../admin-mutation';

const buttonClass =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium hover:bg-slate-50';

export function ImageCard({
  image,
  onEdit,
  onDelete,
}: {
  image: ImageRecord;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const copyUrl = useAdminMutation({
    mutationFn: () => navigator.clipboard.writeText(new URL(image.path, window.location.origin).href),
    success: { title: 'Image URL copied to clipboard' },
    // The browser's refusal is no server message, so the toast says this.
    failure: { title: 'Copy failed', fallback: 'Your browser did not allow copying.' },
  });
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <ResponsiveImage
          src={image.path}
          variants={image.variants}
          alt={image.altText}
          width={image.width}
          height={image.height}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate font-semibold text-slate-900" title={image.filename}>
          {image.filename}
        </h3>
        <p className="text-sm text-slate-700">
          <span className="rounded bg-blue-50 px-1.5 py-0.5 text-blue-800">{image.category}</span>{' '}
          {formatBytes(image.size)} · {image.width} x {image.height}
        </p>
        <p className="line-clamp-2 text-sm text-slate-600">{image.altText || 'No alt text'}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className={buttonClass} onClick={() => copyUrl.mutate()}>
            <Copy className="h-4 w-4" aria-hidden /> Copy URL
          </button>
          <button type="button" className={buttonClass} onClick={onEdit} aria-label={`Edit ${image.filename}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </button>
          <button
            type="button"
            className={`${buttonClass} text-red-700`}
            onClick={onDelete}
            aria-label={`Delete ${image.filename}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </button>
        </div>
      </div>
    </li>
  );
}
