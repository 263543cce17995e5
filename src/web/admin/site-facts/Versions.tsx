import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type CurrentSiteFacts,
  type SiteFactsRevision,
  siteFactSectionLabels,
} from '../../../shared/site-facts/site-facts';
import { useAdminMutation } from '../admin-mutation';
import { useMayUse } from '../session';
import { useSiteFactsApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatAdminDate } from '../ui/date-format';
import { siteFactsQueries } from './queries';
import { belowStickyHeader, box, partAnchor, secondaryButton } from './SectionForm';

const whatChanged = (revision: SiteFactsRevision) =>
  revision.section === 'initial'
    ? 'The details the site was built with, before the first save'
    : `${revision.section === 'restore' ? `Restored version ${revision.restoredFrom}` : siteFactSectionLabels[revision.section]}, by ${revision.savedBy}`;

/**
 * Every kept save, newest first (decision 0059): when (London time), who, which part. Owners may
 * bring one back; that is a new save of every part, so this list only grows and a restore can be undone.
 */
export function Versions({ onRestored }: { onRestored: (current: CurrentSiteFacts) => void }) {
  const siteFacts = useSiteFactsApi();
  const mayRestore = useMayUse()('owner');
  const revisions = useQuery(siteFactsQueries.revisions(siteFacts));
  const [chosen, setChosen] = useState<SiteFactsRevision | null>(null);
  const restore = useAdminMutation({
    mutationFn: (revision: SiteFactsRevision) => siteFacts.restore(revision.id),
    success: (_restored, revision) => ({ title: 'Restored', description: `Version ${revision.id} is back.` }),
    failure: { title: 'Not restored' },
    invalidates: [siteFactsQueries.revisions(siteFacts).queryKey],
    onSuccess: onRestored,
    onSettled: () => setChosen(null),
  });

  const list = revisions.data ?? [];
  return (
    <section
      id={partAnchor('versions')}
      aria-labelledby="site-versions-heading"
      className={`${box} ${belowStickyHeader}`}
    >
      <h2 id="site-versions-heading" className="text-xl font-semibold text-slate-900">
        Versions
      </h2>
      <p className="mt-1 text-slate-700">
        Each save keeps a version of everything on this screen. The first save also keeps the details the site had
        before it, so that save can be undone too.
      </p>
      {revisions.isPending ? (
        <p className="mt-3 text-slate-600">Loading versions...</p>
      ) : revisions.isError ? (
        <p className="mt-3 text-red-700">Versions could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing saved yet: the site shows the details it was built with.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Saved versions">
          {list.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">
                  Version {revision.id}, <time dateTime={revision.savedAt}>{formatAdminDate(revision.savedAt)}</time>
                  {index === 0 && ' (in use)'}
                </span>
                <span className="block text-sm text-slate-700">{whatChanged(revision)}</span>
              </span>
              {mayRestore && index > 0 && (
                <button type="button" onClick={() => setChosen(revision)} className={`text-sm ${secondaryButton}`}>
                  Restore<span className="sr-only"> version {revision.id}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={`Restore version ${chosen?.id ?? ''}?`}
        description={
          chosen
            ? `Every part (details and prices, opening hours, testimonials and the FAQ) goes back to version ${chosen.id}, saved ${formatAdminDate(chosen.savedAt)}, and the site shows it at once. Unsaved changes on this screen are replaced. The current version stays in this list, so you can undo this.`
            : ''
        }
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={() => chosen && restore.mutate(chosen)}
        onCancel={() => setChosen(null)}
      />
    </section>
  );
}
