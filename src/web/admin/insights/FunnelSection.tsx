import {
  type Funnel,
  type FunnelCounts,
  type ShowRate,
  funnelStepLabels,
  funnelSteps,
  stepRate,
} from '../../../shared/analytics/funnel';
import { channelLabels } from '../../../shared/analytics/insights';
import { spokenMinutes } from '../../../shared/spoken-duration';
import { FigureTable } from './FigureTable';
import { dayLabel, percent, whole } from './format';
import { Tile } from './Tile';

const minutes = (value: number | null) => (value === null ? '–' : spokenMinutes(value));
/** Enrolled per enquiry: what the family's way through the office comes to. */
const enrolledRate = (counts: FunnelCounts) => (counts.enquiries > 0 ? counts.enrolled / counts.enquiries : null);

/** What the show rate is made of, in words. */
function showRateWords({ attended, noShow, unmarked }: ShowRate): string {
  const marked = attended + noShow;
  if (marked + unmarked === 0) return 'No booked assessment in this period has taken place yet.';
  const came = marked === 0 ? 'None marked yet' : `${whole(attended)} of ${whole(marked)} marked came`;
  return unmarked === 0 ? `${came}.` : `${came}; ${whole(unmarked)} still to mark on Upcoming assessments.`;
}

/** The stage counts of a row, in the funnel's order after Visits. */
const stageCells = (counts: FunnelCounts) => [
  whole(counts.visits),
  whole(counts.enquiries),
  whole(counts.contacted),
  whole(counts.booked),
  whole(counts.assessed),
  whole(counts.enrolled),
  percent(enrolledRate(counts)),
];
const stageHead = ['Visits', 'Enquiries', 'Contacted', 'Booked', 'Assessed', 'Enrolled', 'Enrolled per enquiry'];

/**
 * Insights' funnel (issue 50): visits to enrolment for the period against the one before, how fast
 * families heard from the office in opening hours, how many came to their assessment, and the
 * same per source and campaign.
 */
export function FunnelSection({ funnel }: { funnel: Funnel }) {
  const { current, previous } = funnel.totals;
  const contact = funnel.firstContact;
  const shows = funnel.showRate;
  return (
    <section aria-labelledby="funnel-heading" className="mt-8">
      <h2 id="funnel-heading" className="text-2xl font-semibold text-slate-900">
        From visit to enrolment
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        The enquiries that arrived in the period, each counted at every stage it has reached so far. A family that
        booked a time itself counts as contacted.
      </p>
      <div className="mt-3 grid gap-6 xl:grid-cols-2">
        <FigureTable
          title="The funnel"
          caption="The funnel: each step this period and the period before, and its share of the step before"
          empty={false}
          head={['Step', 'This period', 'Period before', 'Of the step before']}
          rows={funnelSteps.map((step) => ({
            key: step,
            cells: [
              funnelStepLabels[step],
              whole(current[step]),
              whole(previous[step]),
              percent(stepRate(current, step)),
            ],
          }))}
        />
        <div>
          <p className="text-slate-800">
            Enquiries: {whole(current.fromForm)} sent with the form, {whole(current.fromBooking)} booked a time
            themselves (period before: {whole(previous.fromForm)} and {whole(previous.fromBooking)}).
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Tile
              label="First contact (median, opening hours)"
              value={minutes(contact.current.medianMinutes)}
              before={minutes(contact.previous.medianMinutes)}
            />
            <Tile
              label="First contact (9 in 10 within)"
              value={minutes(contact.current.p90Minutes)}
              before={minutes(contact.previous.p90Minutes)}
            />
            <Tile
              label={`Answered within ${spokenMinutes(funnel.targetMinutes)}`}
              value={percent(contact.current.withinTarget)}
              before={percent(contact.previous.withinTarget)}
            />
            <Tile
              label="Came to their assessment"
              value={percent(shows.current.rate)}
              before={percent(shows.previous.rate)}
            />
          </dl>
          <p className="mt-2 text-sm text-slate-700">{showRateWords(shows.current)}</p>
          <p className="mt-2 font-medium text-slate-900">
            {funnel.waitingNow.families === 0
              ? 'No family is waiting for a first contact now.'
              : `${whole(funnel.waitingNow.families)} ${funnel.waitingNow.families === 1 ? 'family is' : 'families are'} waiting for a first contact now, the longest for ${minutes(funnel.waitingNow.longestMinutes)} of opening time.`}
          </p>
        </div>
        <FigureTable
          title="Came to their assessment, week by week"
          caption="Came to their assessment, week by week: the booked assessments of each week whose time has passed, as staff marked them"
          empty={funnel.showRateByWeek.length === 0}
          emptyText="No booked assessment in this period has taken place yet."
          head={['Week', 'Came', 'Did not come', 'Not marked', 'Show rate']}
          rows={funnel.showRateByWeek.map((row) => ({
            key: row.week,
            cells: [
              `Week of ${dayLabel(row.week)}`,
              whole(row.attended),
              whole(row.noShow),
              whole(row.unmarked),
              percent(row.rate),
            ],
          }))}
        />
        <FigureTable
          title="Funnel by source"
          caption="Funnel by source: each source's visits and enquiries, how far they got, and its enquiries the period before"
          empty={funnel.sources.length === 0}
          head={['Source', 'Channel', ...stageHead, 'Enquiries before', 'Came to assessment']}
          rows={funnel.sources.map((row) => ({
            key: `${row.channel} ${row.source ?? ''}`,
            cells: [
              row.source ?? 'None (typed or bookmarked)',
              channelLabels[row.channel],
              ...stageCells(row.current),
              whole(row.previous.enquiries),
              percent(row.showRate.rate),
            ],
          }))}
        />
        <FigureTable
          title="Funnel by campaign"
          caption="Funnel by campaign: each campaign's visits and enquiries, how far they got, and its enquiries the period before"
          empty={funnel.campaigns.length === 0}
          emptyText="No visits with a campaign tag in this period."
          head={['Campaign', 'Source', ...stageHead, 'Enquiries before']}
          rows={funnel.campaigns.map((row) => ({
            key: `${row.source ?? ''} ${row.medium ?? ''} ${row.campaign}`,
            cells: [row.campaign, row.source ?? '–', ...stageCells(row.current), whole(row.previous.enquiries)],
          }))}
        />
      </div>
    </section>
  );
}
