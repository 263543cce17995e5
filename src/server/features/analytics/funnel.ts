import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  type FirstContact,
  type Funnel,
  type FunnelCounts,
  noFunnel,
  percentile,
  type ShowRate,
} from '../../../shared/analytics/funnel';
import type { Channel } from '../../../shared/analytics/channels';
import { WAITING_WITHIN_DAYS } from '../../../shared/enquiries/reply-settings';
import type { Stage } from '../../../shared/enquiries/stages';
import { mondayOf } from '../../../shared/london-time';
import { openingMinutesBetween } from '../../../shared/opening-time';
import type { OpeningHours } from '../../../shared/site-facts/site-facts';
import type { DatabaseSchema } from '../../db/schema';

/** How far along the way to enrolment each stage is; Not going ahead is placed by the stages it went through. */
const reach: Record<Exclude<Stage, 'not-going-ahead'>, number> = {
  new: 0,
  contacted: 1,
  booked: 2,
  assessed: 3,
  enrolled: 4,
};
/** The same, in SQL: -1 for Not going ahead. */
const reachSql = (stage: RawBuilder<unknown>) =>
  sql<number>`case ${stage} ${sql.join(
    Object.entries(reach).map(([name, place]) => sql`when ${sql.lit(name)} then ${sql.lit(place)}`),
    sql` `,
  )} else -1 end`;

/** Rows each of the funnel's tables lists at most, as the rest of the report. */
const TOP = 20;

/** A period as UTC instants: [start, end). */
export interface Period {
  start: string;
  end: string;
}

/** Visits begun per source of the visit, as the report counted them (insights.ts). */
export interface VisitsBySource {
  channel: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  visits: number;
}

const sourceKey = (channel: string, source: string | null) => `${channel}\n${source ?? ''}`;
const campaignKey = (source: string | null, medium: string | null, campaign: string) =>
  `${source ?? ''}\n${medium ?? ''}\n${campaign}`;

type Compared = { current: FunnelCounts; previous: FunnelCounts };
const compared = (): Compared => ({ current: noFunnel(), previous: noFunnel() });
const noShowRate = (): ShowRate => ({ attended: 0, noShow: 0, unmarked: 0, rate: null });

/** Adds `many` enquiries that reached `furthest` (reach) to `counts`. */
function addEnquiries(counts: FunnelCounts, furthest: number, fromBooking: boolean, many: number) {
  counts.enquiries += many;
  if (fromBooking) counts.fromBooking += many;
  else counts.fromForm += many;
  // A family that booked its own time has its answer: contacted, whatever staff did.
  if (furthest >= reach.contacted || fromBooking) counts.contacted += many;
  if (furthest >= reach.booked) counts.booked += many;
  if (furthest >= reach.assessed) counts.assessed += many;
  if (furthest >= reach.enrolled) counts.enrolled += many;
}

/** SQLite answers 0/1 for a boolean expression, PostgreSQL true/false. */
const truthy = (value: unknown) => value === true || Number(value) === 1;

function firstContactOf(waits: number[], waitingPastTarget: number, target: number): FirstContact {
  const sorted = [...waits].sort((a, b) => a - b);
  const within = sorted.filter((minutes) => minutes <= target).length;
  const measured = sorted.length + waitingPastTarget;
  return {
    answered: sorted.length,
    waitingPastTarget,
    medianMinutes: percentile(sorted, 0.5),
    p90Minutes: percentile(sorted, 0.9),
    withinTarget: measured > 0 ? within / measured : null,
  };
}

/**
 * The funnel (issue 50, decision 0079) of the period `current` and the one before it (`previous`,
 * of the same length), from the enquiries that arrived in each, their stages now, and the
 * bookings whose time fell in each. `visits` are the report's own counts, so the funnel's first
 * step is the report's. Opening time is the centre's hours in force now (shared/opening-time.ts).
 */
export async function funnelReport(
  db: Kysely<DatabaseSchema>,
  periods: { current: Period; previous: Period },
  visits: { current: VisitsBySource[]; previous: VisitsBySource[] },
  { hours, targetMinutes, now }: { hours: OpeningHours; targetMinutes: number; now: Date },
): Promise<Funnel> {
  const { start } = periods.previous;
  const { end } = periods.current;
  const waitingSince = new Date(now.getTime() - WAITING_WITHIN_DAYS * 86_400_000).toISOString();
  const shownUntil = now.toISOString() < end ? now.toISOString() : end;

  const arrived = db
    .selectFrom('contact_submissions as s')
    .leftJoin('analytics_attribution as a', 'a.enquiry_id', 's.id')
    .where('s.deleted_at', 'is', null)
    .where('s.submitted_at', '>=', start)
    .where('s.submitted_at', '<', end)
    // A second enquiry from the same visitor that day is the same family: not counted again.
    .where((eb) => eb.or([eb('a.conversion', 'is', null), eb('a.conversion', '=', 'true')]));
  const bookedItself = sql<boolean>`exists (select 1 from bookings b where b.enquiry_id = ${sql.ref('s.id')})`;
  const inCurrent = (at: RawBuilder<unknown>) =>
    sql<number>`case when ${at} >= ${periods.current.start} then 1 else 0 end`;
  // Counted in the database, per period, source, how far along and whether booked: a year of
  // enquiries comes back as a few dozen rows.
  const furthest = sql<number>`case when ${sql.ref('s.stage')} = 'not-going-ahead'
    then (select max(${reachSql(sql.ref('m.to_stage'))}) from enquiry_stage_moves m where m.submission_id = ${sql.ref('s.id')})
    else ${reachSql(sql.ref('s.stage'))} end`;

  const [counted, forWaits, shown, waiting] = await Promise.all([
    arrived
      .select((eb) => [
        inCurrent(sql.ref('s.submitted_at')).as('current_period'),
        'a.channel',
        'a.source',
        'a.medium',
        'a.campaign',
        furthest.as('furthest'),
        bookedItself.as('booked_itself'),
        eb.fn.countAll<number>().as('enquiries'),
      ])
      .groupBy(sql`1, 2, 3, 4, 5, 6, 7`)
      .execute(),
    // The first contact is measured on enquiries sent with the form: a booking has its answer.
    arrived
      .select(['s.submitted_at', 's.contacted_at'])
      .where((eb) => eb.or([eb('s.contacted_at', 'is not', null), eb('s.stage', '=', 'new')]))
      .where(sql<boolean>`not ${bookedItself}`)
      .execute(),
    db
      .selectFrom('bookings as b')
      .innerJoin('contact_submissions as s', 's.id', 'b.enquiry_id')
      .leftJoin('analytics_attribution as a', 'a.enquiry_id', 'b.enquiry_id')
      .select((eb) => [
        inCurrent(sql.ref('b.starts_at')).as('current_period'),
        'b.london_date',
        'b.attendance',
        'a.channel',
        'a.source',
        eb.fn.countAll<number>().as('bookings'),
      ])
      .where('b.status', '=', 'booked')
      .where('s.deleted_at', 'is', null)
      .where('b.starts_at', '>=', start)
      .where('b.starts_at', '<', shownUntil)
      .groupBy(sql`1, 2, 3, 4, 5`)
      .execute(),
    db
      .selectFrom('contact_submissions')
      .select('submitted_at')
      .where('stage', '=', 'new')
      .where('deleted_at', 'is', null)
      .where('submitted_at', '>=', waitingSince)
      .execute(),
  ]);

  const totals = compared();
  const sources = new Map<string, Compared & { channel: Channel; source: string | null; showRate: ShowRate }>();
  const campaigns = new Map<string, Compared & { source: string | null; medium: string | null; campaign: string }>();
  const sourceRow = (channel: string, source: string | null) => {
    const key = sourceKey(channel, source);
    let row = sources.get(key);
    if (!row) sources.set(key, (row = { channel: channel as Channel, source, ...compared(), showRate: noShowRate() }));
    return row;
  };
  const campaignRow = (source: string | null, medium: string | null, campaign: string) => {
    const key = campaignKey(source, medium, campaign);
    let row = campaigns.get(key);
    if (!row) campaigns.set(key, (row = { source, medium, campaign, ...compared() }));
    return row;
  };

  for (const period of ['current', 'previous'] as const)
    for (const row of visits[period]) {
      const counted = row.visits;
      totals[period].visits += counted;
      sourceRow(row.channel, row.source)[period].visits += counted;
      if (row.campaign) campaignRow(row.source, row.medium, row.campaign)[period].visits += counted;
    }

  for (const row of counted) {
    const period = Number(row.current_period) === 1 ? 'current' : 'previous';
    const [reached, fromBooking, many] = [Number(row.furthest ?? -1), truthy(row.booked_itself), Number(row.enquiries)];
    addEnquiries(totals[period], reached, fromBooking, many);
    // An enquiry whose visit was not counted (counting off, or a visitor who asked not to be) is in the totals alone.
    if (row.channel === null) continue;
    addEnquiries(sourceRow(row.channel, row.source)[period], reached, fromBooking, many);
    if (row.campaign)
      addEnquiries(campaignRow(row.source, row.medium, row.campaign)[period], reached, fromBooking, many);
  }

  const waits = { current: [] as number[], previous: [] as number[] };
  const pastTarget = { current: 0, previous: 0 };
  for (const enquiry of forWaits) {
    const period = enquiry.submitted_at >= periods.current.start ? 'current' : 'previous';
    const submitted = new Date(enquiry.submitted_at);
    if (enquiry.contacted_at !== null)
      waits[period].push(openingMinutesBetween(hours, submitted, new Date(enquiry.contacted_at)));
    else if (openingMinutesBetween(hours, submitted, now, targetMinutes + 1) > targetMinutes) pastTarget[period] += 1;
  }

  const showRate = { current: noShowRate(), previous: noShowRate() };
  const byWeek = new Map<string, ShowRate>();
  for (const row of shown) {
    const period = Number(row.current_period) === 1 ? 'current' : 'previous';
    const many = Number(row.bookings);
    const add = (rate: ShowRate) => {
      if (row.attendance === 'attended') rate.attended += many;
      else if (row.attendance === 'no-show') rate.noShow += many;
      else rate.unmarked += many;
    };
    add(showRate[period]);
    if (period === 'previous') continue;
    if (row.channel !== null) add(sourceRow(row.channel, row.source).showRate);
    const week = mondayOf(row.london_date);
    let weekly = byWeek.get(week);
    if (!weekly) byWeek.set(week, (weekly = noShowRate()));
    add(weekly);
  }
  const withRate = (rate: ShowRate): ShowRate => {
    const marked = rate.attended + rate.noShow;
    return { ...rate, rate: marked > 0 ? rate.attended / marked : null };
  };

  const waitedNow = waiting.map((row) => openingMinutesBetween(hours, new Date(row.submitted_at), now));
  const byEnquiriesThenVisits = (row: Compared) => row.current.enquiries * 1e9 + row.current.visits;
  const topOf = <Row extends Compared>(rows: Iterable<Row>, name: (row: Row) => string) =>
    [...rows]
      .filter((row) => row.current.visits + row.current.enquiries > 0)
      .sort((a, b) => byEnquiriesThenVisits(b) - byEnquiriesThenVisits(a) || name(a).localeCompare(name(b)))
      .slice(0, TOP);

  return {
    targetMinutes,
    totals,
    sources: topOf(sources.values(), (row) => row.source ?? '').map((row) => ({
      ...row,
      showRate: withRate(row.showRate),
    })),
    campaigns: topOf(campaigns.values(), (row) => row.campaign),
    firstContact: {
      current: firstContactOf(waits.current, pastTarget.current, targetMinutes),
      previous: firstContactOf(waits.previous, pastTarget.previous, targetMinutes),
    },
    showRate: { current: withRate(showRate.current), previous: withRate(showRate.previous) },
    showRateByWeek: [...byWeek]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, rate]) => ({ week, ...withRate(rate) })),
    waitingNow: { families: waitedNow.length, longestMinutes: waitedNow.length > 0 ? Math.max(...waitedNow) : null },
  };
}
