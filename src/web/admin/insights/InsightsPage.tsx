import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  channelLabels,
  daysBetween,
  INSIGHTS_MAX_DAYS,
  type InsightsReport,
  pageName,
} from '../../../shared/analytics/insights';
import { systemClock } from '../../../shared/clock';
import { londonDate } from '../../../shared/london-time';
import { paths } from '../../../shared/routes';
import { errorText } from '../../lib/http';
import { useMayUse } from '../session';
import { Seo } from '../../lib/seo';
import { BackToAdmin } from '../ui/BackToAdmin';
import { DayChart } from './DayChart';
import { FigureTable } from './FigureTable';
import { Tile } from './Tile';
import { FunnelSection } from './FunnelSection';
import { WeeklyReportControls } from './WeeklyReportControls';
import { dayLabel, percent, whole } from './format';
import { insightsQueries } from './queries';
import { useInsightsApi } from './api';
import { type Preset, presetLabel, presets, type RangeChoice, rangeOf } from './ranges';

/**
 * /admin/insights (decision 0070): visits counted on the server and where enquiries came from,
 * for owners and the inbox's staff. Loaded only when opened; nothing here reaches public pages.
 */
export function InsightsPage() {
  const insights = useInsightsApi();
  // The report's days run midnight to midnight on the centre's clock (decision 0070).
  const today = londonDate(systemClock());
  const [choice, setChoice] = useState<RangeChoice>({ preset: '30' });
  const range = rangeOf(choice, today);
  const report = useQuery(insightsQueries.report(insights, range));
  const mayUse = useMayUse();

  return (
    <div>
      <Seo title="Insights" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Insights</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Visits counted on our own server, and which pages and sources bring enquiries. Nothing is stored on
        visitors&rsquo; devices and no one is identified: a visitor is counted once a day, so someone who comes back on
        another day counts again. Visitors who ask not to be tracked are not counted (see the{' '}
        <a href={paths.privacy} className="text-blue-800 underline underline-offset-2">
          privacy page
        </a>
        ).
      </p>

      <RangePicker choice={choice} today={today} onChoose={setChoice} />

      <div aria-live="polite" className="mt-6">
        {report.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the figures…
          </p>
        ) : report.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(report.error, 'The figures could not be loaded. Please try again.', 'server')}
          </p>
        ) : (
          <Report report={report.data} />
        )}
      </div>
      {mayUse('owner') && <WeeklyReportControls />}
    </div>
  );
}

/** The presets as toggle buttons, and a custom range of two dates. */
function RangePicker({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose: (choice: RangeChoice) => void;
}) {
  const current = rangeOf(choice, today);
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const choosePreset = (preset: Preset) => {
    const range = rangeOf({ preset }, today);
    setFrom(range.from);
    setTo(range.to);
    setProblem(null);
    onChoose({ preset });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setProblem('Choose both dates.');
    if (from > to) return setProblem('The first date must be on or before the last.');
    if (daysBetween(from, to) > INSIGHTS_MAX_DAYS)
      return setProblem(`Choose at most ${INSIGHTS_MAX_DAYS} days (two years).`);
    setProblem(null);
    onChoose({ custom: { from, to } });
  };

  return (
    <section aria-labelledby="range-heading" className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="range-heading" className="text-lg font-semibold text-slate-900">
        Period
      </h2>
      <div role="group" aria-label="Quick periods" className="mt-2 flex flex-wrap gap-2">
        {presets.map((preset) => {
          const on = 'preset' in choice && choice.preset === preset;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={on}
              onClick={() => choosePreset(preset)}
              className={`rounded-md border px-3 py-1.5 font-medium ${
                on ? 'border-blue-800 bg-blue-800 text-white' : 'border-slate-300 bg-white hover:bg-slate-100'
              }`}
            >
              {presetLabel(preset, today)}
            </button>
          );
        })}
      </div>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <DateField
          label="From"
          value={from}
          max={today}
          problemId={problem ? problemId : undefined}
          onChange={setFrom}
        />
        <DateField label="To" value={to} max={today} problemId={problem ? problemId : undefined} onChange={setTo} />
        <button type="submit" className="rounded-md bg-slate-800 px-3 py-2 font-medium text-white hover:bg-slate-900">
          Show these dates
        </button>
        {problem && (
          <p id={problemId} role="alert" className="w-full text-sm text-red-800">
            {problem}
          </p>
        )}
      </form>
      <p className="mt-3 text-sm text-slate-700">
        Showing {dayLabel(current.from)} to {dayLabel(current.to)}. Days run from midnight to midnight UK time.
      </p>
    </section>
  );
}

/** One end of the custom range: a labelled date, marked invalid while the range's problem shows. */
function DateField({
  label,
  value,
  max,
  problemId,
  onChange,
}: {
  label: string;
  value: string;
  max: string;
  problemId: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={problemId}
        aria-invalid={problemId ? true : undefined}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5"
      />
    </div>
  );
}

function Report({ report }: { report: InsightsReport }) {
  const { totals, previousTotals } = report;
  return (
    <>
      {!report.counting && (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Visits are not being counted on this server (ANALYTICS=off): only what was counted before is shown.
        </p>
      )}
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile label="Visitors" value={whole(totals.visitors)} before={whole(previousTotals.visitors)} />
          <Tile label="Page views" value={whole(totals.views)} before={whole(previousTotals.views)} />
          <Tile label="Enquiries" value={whole(totals.enquiries)} before={whole(previousTotals.enquiries)} />
          <Tile
            label="Conversion rate"
            value={percent(totals.conversionRate)}
            before={percent(previousTotals.conversionRate)}
          />
        </dl>
        <p className="mt-2 text-sm text-slate-700">
          The period before: {dayLabel(report.previous.from)} to {dayLabel(report.previous.to)}. Conversion rate is
          enquiries per visitor.
        </p>
      </section>

      <section aria-labelledby="charts-heading" className="mt-8">
        <h2 id="charts-heading" className="text-2xl font-semibold text-slate-900">
          Day by day
        </h2>
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          <DayChart title="Visitors" measure="visitors" days={report.days} previousDays={report.previousDays} />
          <DayChart title="Page views" measure="views" days={report.days} previousDays={report.previousDays} />
          <DayChart title="Enquiries" measure="enquiries" days={report.days} previousDays={report.previousDays} />
        </div>
      </section>

      <FunnelSection funnel={report.funnel} />

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <FigureTable
          title="Where enquiries came from"
          caption="Channels: how visitors reached the site, with their enquiries"
          empty={report.channels.length === 0}
          head={['Channel', 'Visitors', 'Page views', 'Enquiries']}
          rows={report.channels.map((row) => ({
            key: row.channel,
            cells: [channelLabels[row.channel], whole(row.visits), whole(row.views), whole(row.enquiries)],
          }))}
        />
        <FigureTable
          title="Sources"
          caption="Sources: the site, search engine or tag each visit came from, with their enquiries"
          empty={report.sources.length === 0}
          head={['Source', 'Channel', 'Visitors', 'Page views', 'Enquiries']}
          rows={report.sources.map((row) => ({
            key: `${row.channel} ${row.source ?? ''}`,
            cells: [
              row.source ?? 'None (typed or bookmarked)',
              channelLabels[row.channel],
              whole(row.visits),
              whole(row.views),
              whole(row.enquiries),
            ],
          }))}
        />
        <FigureTable
          title="Campaigns"
          caption="Campaigns: visits tagged with a campaign name, with their page views and enquiries"
          empty={report.campaigns.length === 0}
          emptyText="No visits with a campaign tag in this period."
          head={['Campaign', 'Source', 'Medium', 'Visitors', 'Page views', 'Enquiries']}
          rows={report.campaigns.map((row) => ({
            key: `${row.source ?? ''} ${row.medium ?? ''} ${row.campaign}`,
            cells: [
              row.campaign,
              row.source ?? '–',
              row.medium ?? '–',
              whole(row.visits),
              whole(row.views),
              whole(row.enquiries),
            ],
          }))}
        />
        <FigureTable
          title="Entry pages"
          caption="Entry pages: the first page of each visit, with the enquiries those visits sent"
          empty={report.entryPages.length === 0}
          head={['Page', 'Visitors', 'Enquiries', 'Conversion rate']}
          rows={report.entryPages.map((row) => ({
            key: row.path,
            cells: [
              <PageCell key="page" path={row.path} />,
              whole(row.visits),
              whole(row.enquiries),
              percent(row.conversionRate),
            ],
          }))}
        />
        <FigureTable
          title="Top pages"
          caption="Top pages: the most viewed pages"
          empty={report.pages.length === 0}
          head={['Page', 'Page views', 'Visits began here']}
          rows={report.pages.map((row) => ({
            key: row.path,
            cells: [<PageCell key="page" path={row.path} />, whole(row.views), whole(row.entries)],
          }))}
        />
      </div>

      <p className="mt-6 text-slate-700">
        {report.leftOut === 1
          ? '1 visit from bots and scripts was left out.'
          : `${whole(report.leftOut)} visits from bots and scripts were left out.`}
      </p>
    </>
  );
}

/** A page by its name where known, with its path. */
function PageCell({ path }: { path: string }) {
  const name = pageName(path);
  return name === path ? (
    <span className="break-all">{path}</span>
  ) : (
    <>
      {name} <span className="text-slate-600">{path}</span>
    </>
  );
}
