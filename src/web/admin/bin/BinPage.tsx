import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BinItem, binKindNames } from '../../../shared/bin/bin';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import { Seo } from '../../lib/seo';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import { useBinApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { BinCard } from './BinCard';
import { binQueries } from './queries';
import { BackToAdmin } from '../ui/BackToAdmin';

/** /admin/bin: what staff deleted, restorable until it is deleted for good (docs/product.md#bin). */
export function BinPage() {
  const bin = useBinApi();
  const items = useQuery(binQueries.list(bin));
  const [purging, setPurging] = useState<BinItem | null>(null);

  // Every admin list may change: a restored thing reappears in them.
  const restore = useAdminMutation({
    mutationFn: (item: BinItem) => bin.restore(item.kind, item.id),
    success: (_result, item) => ({ title: `${binKindNames[item.kind]} restored`, description: item.label }),
    failure: { title: 'Restore failed' },
    invalidates: [adminQueryKey],
  });
  const purge = useAdminMutation({
    mutationFn: (item: BinItem) => bin.purge(item.kind, item.id),
    success: (_result, item) => ({ title: `${binKindNames[item.kind]} deleted for good`, description: item.label }),
    failure: { title: 'Delete failed' },
    invalidates: [adminQueryKey],
    onSuccess: () => setPurging(null),
  });

  return (
    <div>
      <Seo title="Bin" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Bin</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Deleted enquiries, blog posts and images stay here for {BIN_KEEP_DAYS} days, out of sight everywhere else, then
        they are deleted for good. An enquiry goes sooner if it reaches the end of the retention period on the privacy
        page.
      </p>

      <section aria-labelledby="bin-heading" className="mt-6" aria-live="polite">
        <h2 id="bin-heading" className="sr-only">
          In the Bin
        </h2>
        {items.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the Bin...
          </p>
        ) : items.isError ? (
          <p role="alert" className="text-red-700">
            Error loading the Bin. Please try again later.
          </p>
        ) : items.data.length === 0 ? (
          <p className="py-12 text-center text-lg text-slate-700">The Bin is empty.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {items.data.length} item{items.data.length === 1 ? '' : 's'} in the Bin
            </p>
            <ul className="space-y-3">
              {items.data.map((item) => (
                <BinCard
                  key={`${item.kind}-${item.id}`}
                  item={item}
                  restoring={restore.isPending && restore.variables === item}
                  onRestore={() => restore.mutate(item)}
                  onPurge={() => setPurging(item)}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <ConfirmDialog
        open={purging !== null}
        title="Delete for good?"
        description={
          purging
            ? `${binKindNames[purging.kind]} "${purging.label}" will be deleted for good. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete for good"
        pendingLabel="Deleting..."
        pending={purge.isPending}
        onCancel={() => setPurging(null)}
        onConfirm={() => purging && purge.mutate(purging)}
      />
    </div>
  );
}
