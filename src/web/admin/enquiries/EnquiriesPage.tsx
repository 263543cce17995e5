import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type Enquiry,
  DEFAULT_PAGE_SIZE,
  filterQuery,
  type EnquiryFilter,
  type EnquiryUpdate,
} from '../../../shared/enquiries/admin-schemas';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import { useEnquiriesApi } from './api';
import { useBinApi } from '../bin/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DashboardHeader } from '../ui/DashboardHeader';
import { EditDialog } from './EditDialog';
import type { Stage } from '../../../shared/enquiries/stages';
import { FilterTiles } from './FilterTiles';
import { StageOptions } from './StageControl';
import { Pagination } from './Pagination';
import { EnquiryCard } from './EnquiryCard';
import { EmptyInbox } from './EmptyInbox';
import { useNewArrivals } from './new-arrivals';
import { useScrollToLinkedCard } from './linked-card';
import { Seo } from '../../lib/seo';
import { enquiriesQueries } from './queries';
import { useEnquiryWorkflow } from './use-enquiry-workflow';

/** Waits until typing pauses, so a search is one request, not one per key press. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function EnquiriesPage() {
  const enquiries = useEnquiriesApi();
  const bin = useBinApi();
  const [filter, setFilter] = useState<EnquiryFilter>('all');
  const [stage, setStage] = useState<Stage | ''>('');
  const [searchText, setSearchText] = useState('');
  const q = useDebounced(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Enquiry | null>(null);
  const [deleting, setDeleting] = useState<Enquiry | null>(null);

  useEffect(() => setPage(1), [filter, q, stage]);
  const stageQuery = stage ? { stage } : {};
  const query = { q, ...filterQuery(filter), ...stageQuery, page, pageSize: DEFAULT_PAGE_SIZE };
  const listQuery = enquiriesQueries.list(enquiries, query);
  const workflow = useEnquiryWorkflow(listQuery.queryKey);
  const list = useQuery(listQuery);
  const counts = useQuery(enquiriesQueries.counts(enquiries, q));
  // Every enquiry's count, looked at in a background tab too (it shows no one's details), for the title.
  const everything = useQuery(enquiriesQueries.arrivals(enquiries));
  const arrivals = useNewArrivals(list.data?.items, everything.data?.all);
  useScrollToLinkedCard(list.data?.items, enquiries.openedFromNudge);

  // A deleted enquiry moves to the Bin, so every admin list may change.
  const update = useAdminMutation({
    mutationFn: ({ id, changes }: { id: number; changes: EnquiryUpdate }) => enquiries.update(id, changes),
    success: { title: 'Submission updated successfully.' },
    failure: { title: 'Failed to update submission.', form: 'status' },
    invalidates: [adminQueryKey],
    onSuccess: () => setEditing(null),
  });
  // Taking a delete back: the Bin's own restore, offered in the message that says where it went.
  const undo = useAdminMutation({
    mutationFn: (id: number) => bin.restore('enquiry', id),
    success: { title: 'Enquiry restored.' },
    failure: { title: 'Restore failed' },
    invalidates: [adminQueryKey],
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => enquiries.remove(id),
    success: (_result, id) => ({
      title: 'Moved to the Bin.',
      action: (
        <button
          type="button"
          onClick={() => undo.mutate(id)}
          className="shrink-0 rounded-md border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-50"
        >
          Undo
        </button>
      ),
    }),
    failure: { title: 'Failed to delete submission.', form: 'status' },
    invalidates: [adminQueryKey],
    onSuccess: () => setDeleting(null),
  });
  const download = useAdminMutation({
    mutationFn: () => enquiries.downloadCsv({ q, ...filterQuery(filter), ...stageQuery }),
    failure: { title: 'Export failed', form: 'status' },
  });

  const items = list.data?.items ?? [];
  return (
    <div>
      <Seo
        title={`${arrivals.unseen > 0 ? `(${arrivals.unseen}) ` : ''}Enquiries – Admin`}
        description="Staff area."
        robots="noindex, nofollow"
      />
      <DashboardHeader />

      <h2 className="mt-8 text-2xl font-semibold text-slate-900">Enquiries</h2>
      {list.data?.mailOn === false && (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          E-mail is off: new enquiries are not e-mailed to the office, only listed here. Ask whoever runs the website to
          set SMTP_URL and NOTIFY_EMAIL to turn it on.
        </p>
      )}
      <div className="mt-4">
        <FilterTiles active={filter} counts={counts.data} onChange={setFilter} />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        {/* On a phone the search has a row of its own, wide enough to read what is typed. */}
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="inbox-search" className="block font-medium text-slate-900">
            Search
          </label>
          <input
            id="inbox-search"
            type="search"
            placeholder="Name, email, phone or message"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="inbox-stage" className="block font-medium text-slate-900">
            Stage
          </label>
          <select
            id="inbox-stage"
            value={stage}
            onChange={(event) => setStage(event.target.value as Stage | '')}
            className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2"
          >
            <option value="">All stages</option>
            <StageOptions />
          </select>
        </div>
        <button
          type="button"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {download.isPending ? 'Exporting...' : 'Download CSV'}
        </button>
      </div>

      <div className="mt-6" aria-live="polite">
        {list.isPending ? (
          <p role="status" className="text-slate-700">
            Loading submissions...
          </p>
        ) : list.isError ? (
          <p role="alert" className="text-red-700">
            Error loading submissions. Please try again later.
          </p>
        ) : items.length === 0 ? (
          <EmptyInbox searching={q !== '' || filter !== 'all' || stage !== ''} />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {list.data!.total} submission{list.data!.total === 1 ? '' : 's'}
            </p>
            <ul className="space-y-4">
              {items.map((enquiry) => (
                <EnquiryCard
                  key={enquiry.id}
                  enquiry={enquiry}
                  replies={list.data!.replies}
                  isNew={arrivals.isNew(enquiry.submittedAt)}
                  onEdit={() => setEditing(enquiry)}
                  onDelete={() => setDeleting(enquiry)}
                  actions={{
                    onReviewedChange: (on) => workflow.setMark.mutate({ id: enquiry.id, on }),
                    onMoveStage: (move) => workflow.moveStage.mutate({ id: enquiry.id, move }),
                    movingStage: workflow.moveStage.isPending && workflow.moveStage.variables?.id === enquiry.id,
                    onAddNote: (text, added) =>
                      workflow.addNote.mutate({ id: enquiry.id, note: { text } }, { onSuccess: added }),
                    addingNote: workflow.addNote.isPending && workflow.addNote.variables?.id === enquiry.id,
                    onRetryMail: () => workflow.retryMail.mutate(enquiry.id),
                    retryingMail: workflow.retryMail.isPending && workflow.retryMail.variables === enquiry.id,
                  }}
                />
              ))}
            </ul>
            <Pagination page={page} pageCount={list.data!.pageCount} onChange={setPage} />
          </>
        )}
      </div>

      {editing && (
        <EditDialog
          key={editing.id}
          enquiry={editing}
          saving={update.isPending}
          onSave={(changes) => update.mutate({ id: editing.id, changes })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this submission?"
        description={
          deleting
            ? `The enquiry from ${deleting.firstName} ${deleting.lastName} will be moved to the Bin. You can restore it from there for ${BIN_KEEP_DAYS} days.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
