import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  type CurrentSiteFacts,
  type SiteFactSection,
  siteFactSectionLabels,
  siteFactSections,
} from '../../../shared/site-facts/site-facts';
import { rememberSiteFacts } from '../../lib/site-data';
import { Seo } from '../../lib/seo';
import { useAdminMutation } from '../admin-mutation';
import { useSiteFactsApi } from './api';
import { AssessmentForm } from './AssessmentForm';
import { BackToAdmin } from '../ui/BackToAdmin';
import { LeaveGuard } from '../ui/LeaveGuard';
import { DetailsForm } from './DetailsForm';
import { FaqForm } from './FaqForm';
import { HoursForm } from './HoursForm';
import { RepliesForm } from './RepliesForm';
import { siteFactsQueries } from './queries';
import { partAnchor } from './SectionForm';
import { TestimonialsForm } from './TestimonialsForm';
import { Versions } from './Versions';

/**
 * /admin/site (decision 0059): the centre's facts in six parts (the last two, the free assessment's
 * booking settings and how the office answers families), each saved on its own by those whose part it is, and the versions earlier
 * saves kept. Links at the top jump to each part;
 * leaving with any part's edits unsaved asks first.
 */
export function SiteFactsPage() {
  const siteFacts = useSiteFactsApi();
  const queryClient = useQueryClient();
  const current = useQuery(siteFactsQueries.current(siteFacts));
  // A restore or a reload replaces what every form shows, edited or not.
  const [generation, setGeneration] = useState(0);
  const takeAll = (next: CurrentSiteFacts) => {
    queryClient.setQueryData(siteFactsQueries.current(siteFacts).queryKey, next);
    rememberSiteFacts(queryClient, next.facts);
    setGeneration((value) => value + 1);
  };
  const reload = useAdminMutation({
    mutationFn: () => siteFacts.current(),
    failure: { title: 'Could not reload' },
    invalidates: [siteFactsQueries.revisions(siteFacts).queryKey],
    onSuccess: takeAll,
  });

  // Each part says whether it has unsaved edits; the leave guard asks them all, in the screen's order.
  // One map for the screen's life, filled by the parts' effects (never read while drawing).
  const [edits] = useState(() => new Map<SiteFactSection, () => boolean>());
  const track = useCallback(
    (section: SiteFactSection, edited: () => boolean) => {
      edits.set(section, edited);
      return () => void edits.delete(section);
    },
    [edits],
  );
  const unsaved = useCallback(
    () => siteFactSections.filter((section) => edits.get(section)?.()).map((section) => siteFactSectionLabels[section]),
    [edits],
  );

  const data = current.data;
  const part = data && {
    current: data,
    generation,
    onReload: () => reload.mutate(),
    reloading: reload.isPending,
    track,
  };
  return (
    <div className="space-y-6">
      <Seo title="Site details" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="text-3xl font-bold text-slate-900">Site details</h1>
      <p className="text-slate-700">
        What the public pages say about the centre. Each part is saved on its own and shows on every page at once.
      </p>
      <LeaveGuard unsaved={unsaved} />
      {current.isError ? (
        <p role="alert" className="text-red-700">
          The site details could not be loaded. Please try again.
        </p>
      ) : !part ? (
        <p role="status" className="text-slate-700">
          Loading the site details...
        </p>
      ) : (
        <>
          {/* Once the parts are drawn: a jump pressed while they load would have nowhere to go. */}
          <JumpLinks />
          <DetailsForm {...part} />
          <HoursForm {...part} />
          <TestimonialsForm {...part} />
          <FaqForm {...part} />
          <AssessmentForm {...part} />
          <RepliesForm {...part} />
          <Versions onRestored={takeAll} />
        </>
      )}
    </div>
  );
}

/** The screen is long: a link to each part, wrapping onto more lines on a phone. */
function JumpLinks() {
  const parts = [
    ...siteFactSections.map((section) => ({ anchor: partAnchor(section), label: siteFactSectionLabels[section] })),
    { anchor: partAnchor('versions'), label: 'Versions' },
  ];
  return (
    <nav aria-label="Parts of this screen">
      <ul className="flex flex-wrap gap-2">
        {parts.map(({ anchor, label }) => (
          <li key={anchor}>
            <a
              href={`#${anchor}`}
              className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-blue-800 underline-offset-2 hover:bg-slate-50 hover:underline"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
