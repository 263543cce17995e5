import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { type BlogPost, type BlogRevision, formatPostDateTime } from '../../../shared/blog/blog';
import { useAdminMutation } from '../admin-mutation';
import { useBlogApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { adminBlogQueries } from './queries';

/**
 * docs/product.md#drafting: the versions earlier saves replaced, newest first, each with the time
 * it was saved; restoring one puts its words back (the current ones become a revision in turn).
 */
export function RevisionsPanel({
  post,
  hasUnsavedChanges,
  onRestored,
}: {
  post: BlogPost;
  /** Asked when a restore is chosen: the dialog's unsaved edits would be replaced too. */
  hasUnsavedChanges: () => boolean;
  onRestored: (post: BlogPost) => void;
}) {
  const blog = useBlogApi();
  const [open, setOpen] = useState(false);
  const revisions = useQuery({ ...adminBlogQueries.revisions(blog, post), enabled: open });
  const [chosen, setChosen] = useState<BlogRevision | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const restore = useAdminMutation({
    mutationFn: (revision: BlogRevision) => blog.restoreRevision(post.id, revision.id),
    success: (_restored, revision) => ({
      title: 'Success!',
      description: `Restored the version saved ${formatPostDateTime(revision.savedAt)}.`,
    }),
    failure: { title: 'Error', fallback: 'Failed to restore the revision' },
    invalidates: [adminBlogQueries.all()],
    onSettled: () => setChosen(null),
    onSuccess: onRestored,
  });

  const list = revisions.data ?? [];
  return (
    <details
      className="rounded-md border border-slate-300 p-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="revisions"
    >
      <summary className="cursor-pointer font-medium text-slate-900">
        <History className="mr-1 inline h-4 w-4" aria-hidden="true" /> Revisions
      </summary>
      {revisions.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{open ? 'Loading revisions...' : ''}</p>
      ) : revisions.isError ? (
        <p className="mt-2 text-sm text-red-700">Revisions could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No earlier versions yet: each save keeps the one it replaces.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Earlier versions">
          {list.map((revision) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <time dateTime={revision.savedAt} className="block text-sm font-semibold text-slate-900">
                  {formatPostDateTime(revision.savedAt)}
                </time>
                <span className="block truncate text-sm text-slate-700">{revision.title}</span>
              </span>
              <button
                type="button"
                onClick={() => {
                  setUnsaved(hasUnsavedChanges());
                  setChosen(revision);
                }}
                className="rounded-md border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                Restore<span className="sr-only"> the version saved {formatPostDateTime(revision.savedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title="Restore this version?"
        description={
          chosen
            ? `The title, excerpt, content and meta fields go back to the version saved ${formatPostDateTime(chosen.savedAt)}. The current version is kept in Revisions, so you can undo this.${unsaved ? ' Your unsaved changes in this dialog are replaced too.' : ''}`
            : ''
        }
        confirmLabel="Restore version"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={() => chosen && restore.mutate(chosen)}
        onCancel={() => setChosen(null)}
      />
    </details>
  );
}
