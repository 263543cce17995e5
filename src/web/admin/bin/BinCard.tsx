import { RotateCcw, Trash2 } from 'lucide-react';
import { type BinItem, type BinKind, binKindNames } from '../../../shared/bin/bin';
import { formatPostDateTime } from '../../../shared/blog/blog';

const badgeColours: Record<BinKind, string> = {
  enquiry: 'bg-violet-100 text-violet-900',
  post: 'bg-blue-100 text-blue-900',
  image: 'bg-emerald-100 text-emerald-900',
};

const button = 'inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60';

/** One binned thing: what it is, when it was deleted, when it goes for good, and the two actions. */
export function BinCard({
  item,
  restoring,
  onRestore,
  onPurge,
}: {
  item: BinItem;
  restoring: boolean;
  onRestore: () => void;
  onPurge: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
      data-testid="bin-item"
    >
      <div className="min-w-0 flex-1">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeColours[item.kind]}`}>
          {binKindNames[item.kind]}
        </span>
        <h3 className="mt-1 break-words text-lg font-bold text-slate-900">{item.label}</h3>
        <p className="break-words text-sm text-slate-700">{item.detail}</p>
        <p className="mt-1 text-sm text-slate-700">
          {/* Who deleted it, when that was kept (decision 0066); isolated, so a name cannot reorder the line. */}
          Deleted{' '}
          {item.deletedBy && (
            <>
              by <bdi>{item.deletedBy}</bdi> on{' '}
            </>
          )}
          {formatPostDateTime(item.deletedAt)} · Deleted for good on {formatPostDateTime(item.purgeAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onRestore}
          disabled={restoring}
          className={`${button} border-slate-300 text-slate-900 hover:bg-slate-50`}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> {restoring ? 'Restoring...' : 'Restore'}
          <span className="sr-only"> {item.label}</span>
        </button>
        <button type="button" onClick={onPurge} className={`${button} border-red-300 text-red-800 hover:bg-red-50`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete for good
          <span className="sr-only"> {item.label}</span>
        </button>
      </div>
    </li>
  );
}
