import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CurrentSiteFacts } from '../../../shared/site-facts/site-facts';
import { rememberSiteFacts } from '../../features/site-facts/queries';
import { Seo } from '../../lib/seo';
import { useAdminMutation } from '../admin-mutation';
import { useAdminApi } from '../session';
import { BackToAdmin } from '../ui/BackToAdmin';
import { DetailsForm } from './DetailsForm';
import { FaqForm } from './FaqForm';
import { HoursForm } from './HoursForm';
import { siteQueries } from './queries';
import { TestimonialsForm } from './TestimonialsForm';
import { Versions } from './Versions';

/**
 * /admin/site (decision 0059): the centre's facts in four parts, each saved on its own by those
 * whose part it is, and the versions earlier saves kept.
 */
export function SitePage() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const current = useQuery(siteQueries.current(api));
  // A restore or a reload replaces what every form shows, edited or not.
  const [generation, setGeneration] = useState(0);
  const takeAll = (next: CurrentSiteFacts) => {
    queryClient.setQueryData(siteQueries.current(api).queryKey, next);
    rememberSiteFacts(queryClient, next.facts);
    setGeneration((value) => value + 1);
  };
  const reload = useAdminMutation({
    mutationFn: () => api.site.current(),
    failure: { title: 'Could not reload' },
    invalidates: [siteQueries.revisions(api).queryKey],
    onSuccess: takeAll,
  });

  const data = current.data;
  const part = data && { current: data, generation, onReload: () => reload.mutate(), reloading: reload.isPending };
  return (
    <div className="space-y-6">
      <Seo title="Site details" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="text-3xl font-bold text-slate-900">Site details</h1>
      <p className="text-slate-700">
        What the public pages say about the centre. Each part is saved on its own and shows on every page at once.
      </p>
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
          <DetailsForm {...part} />
          <HoursForm {...part} />
          <TestimonialsForm {...part} />
          <FaqForm {...part} />
          <Versions onRestored={takeAll} />
        </>
      )}
    </div>
  );
}
