import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useAdminMutation } from '../admin-mutation';
import { useInsightsApi } from './api';
import { insightsQueries } from './queries';

/**
 * The owner's Monday report (issue 50): whether they are sent it each Monday at 08:00, and a button
 * that sends them last week's now, to see what it says. Shown to owners only; the server decides.
 */
export function WeeklyReportControls() {
  const insights = useInsightsApi();
  const choiceQuery = insightsQueries.weeklyReportChoice(insights);
  const choice = useQuery(choiceQuery);
  const checkboxId = useId();
  const choose = useAdminMutation({
    mutationFn: (send: boolean) => insights.chooseWeeklyReport({ send }),
    success: (_, send) => ({
      title: send ? 'You will be sent the report each Monday' : 'You will no longer be sent the report',
    }),
    failure: { title: 'Your choice could not be saved' },
    invalidates: [choiceQuery.queryKey],
  });
  const sendNow = useAdminMutation({
    mutationFn: () => insights.sendWeeklyReport(),
    success: ({ sentTo }) => ({ title: 'Report sent', description: `Last week's report is on its way to ${sentTo}.` }),
    failure: { title: 'The report could not be sent' },
  });

  return (
    <section aria-labelledby="weekly-report-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="weekly-report-heading" className="text-xl font-semibold text-slate-900">
        Monday report
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        Each Monday at 08:00, owners are e-mailed last week against the week before: enquiries by source, the funnel,
        the first contact, families still waiting and the week&rsquo;s bookings. It names no family.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <div className="flex min-h-6 items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="size-5"
            checked={choice.data?.send ?? false}
            disabled={!choice.data || choose.isPending}
            onChange={(event) => choose.mutate(event.target.checked)}
          />
          <label htmlFor={checkboxId} className="text-slate-900">
            Send me this report every Monday
          </label>
        </div>
        <button
          type="button"
          onClick={() => sendNow.mutate()}
          disabled={sendNow.isPending}
          className="rounded-md border border-blue-800 bg-blue-800 px-3 py-1.5 font-medium text-white hover:bg-blue-900 disabled:opacity-60"
        >
          {sendNow.isPending ? 'Sending…' : 'E-mail me this report'}
        </button>
      </div>
    </section>
  );
}
