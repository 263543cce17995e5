import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  addDays,
  type Channel,
  daysBetween,
  type InsightsDay,
  type InsightsQuery,
  type InsightsReport,
} from '../../../shared/analytics/insights';
import { londonDate, londonLocalToUtc } from '../../../shared/london-time';
import type { OpeningHours } from '../../../shared/site-facts/site-facts';
import type { DatabaseSchema } from '../../db/schema';
import { viewsBySourceOfVisit } from './first-views';
import { funnelReport, type VisitsBySource } from './funnel';

/** What the funnel measures against (funnel.ts): the centre's hours and reply target in force, and now. */
export interface FunnelInputs {
  hours: OpeningHours;
  targetMinutes: number;
  now: Date;
}

/**
 * From how many days a report reads the whole report index rather than its days by key: measured
 * on a year of synthetic totals (npm run bench:insights), where the whole index was already the
 * faster from 30 days on; two years kept double what it reads, hence twice that.
 */
const LONG_RANGE_DAYS = 60;

/** Rows each of the report's tables lists at most. */
const TOP = 20;

/** Views and visits begun, per page and the source of the visit they belong to. */
interface PageSourceRow {
  path: string;
  channel: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  views: number | string;
  entries: number | string;
  /** Visits begun in the period before (the funnel's comparison). */
  previous_entries: number | string;
}

const n = (value: number | string | bigint | null | undefined) => Number(value ?? 0);
/** The roll-up keeps "none" as '' (it is part of the key); the report says null. */
const orNull = (value: string | null) => (value ? value : null);
const rateOf = (enquiries: number, visits: number) => (visits > 0 ? enquiries / visits : null);

/** The top rows by `by`, ties by name, at most TOP. */
function top<Row>(rows: Iterable<Row>, by: (row: Row) => number, name: (row: Row) => string): Row[] {
  return [...rows].sort((a, b) => by(b) - by(a) || name(a).localeCompare(name(b))).slice(0, TOP);
}

/** Adds to the entry of `key` in `map`, made by `make` the first time. */
function tally<Row>(map: Map<string, Row>, key: string, make: () => Row, add: (row: Row) => void) {
  let row = map.get(key);
  if (!row) map.set(key, (row = make()));
  add(row);
}

/** The first moment (UTC, ISO) of a London day: where enquiries of that day begin. */
const dayStart = (day: string) => londonLocalToUtc(`${day}T00:00`)!;

/**
 * Views and visits begun per page and visit source over both periods (the report's `from`..`to`,
 * and `previous` before it), from the daily totals of the days totalled: one read of their report
 * index. The previous period's visits are the funnel's comparison; summing both periods in one
 * pass keeps a year's report to one walk of the index.
 */
async function totalledSourceRows(
  db: Kysely<DatabaseSchema>,
  { from, to, previous }: { from: string; to: string; previous: { from: string } },
): Promise<PageSourceRow[]> {
  // A long range sums the totals in the order of their report index (analytics_daily_report), which
  // holds every column asked for: no table read, no sort. Comparing `day || ''` keeps SQLite from
  // choosing the key's day range instead, which would sort a year of rows; a short range takes it.
  const totalsDay =
    daysBetween(previous.from, to) > LONG_RANGE_DAYS
      ? sql<string>`${sql.ref('analytics_daily.day')} || ''`
      : sql.ref<string>('analytics_daily.day');
  const inPeriod = (what: RawBuilder<unknown>) => sql<number>`sum(case when day >= ${from} then ${what} else 0 end)`;
  return db
    .selectFrom('analytics_daily')
    .select([
      'path',
      'channel',
      'source',
      'medium',
      'campaign',
      inPeriod(sql.ref('views')).as('views'),
      inPeriod(sql.ref('entries')).as('entries'),
      sql<number>`sum(case when day < ${from} then entries else 0 end)`.as('previous_entries'),
    ])
    .where(totalsDay, '>=', previous.from)
    .where(totalsDay, '<=', to)
    .groupBy(['path', 'channel', 'source', 'medium', 'campaign'])
    .execute();
}

/** Views and visits begun per day, page and visit source, of the days not totalled. */
type OpenDayRow = Pick<PageSourceRow, 'path' | 'channel' | 'source' | 'medium' | 'campaign' | 'views' | 'entries'> & {
  day: string;
};

/**
 * The days from `rawFrom` to `to`, none of them totalled yet (today, and yesterday until the
 * retention run), per day, page and visit source: what the fold job has folded of them
 * (`analytics_so_far`, retention.ts's foldSoFar) and their raw views after it, each view counted
 * for the source of its visit (its visitor's first view that day, wherever that is) and each
 * visit once, by its first view. A visitor's day is one visit, so its visits begun are its visitors.
 */
async function openDayRows(db: Kysely<DatabaseSchema>, rawFrom: string, to: string): Promise<OpenDayRow[]> {
  if (rawFrom > to) return [];
  const folded = await db
    .selectFrom('analytics_days')
    .select(['day', 'so_far_until', 'so_far_id'])
    .where('day', '>=', rawFrom)
    .where('day', '<=', to)
    .where('so_far_until', 'is not', null)
    .execute();
  // A day's views folded are those received before its `so_far_until` with an id up to its `so_far_id`.
  const notFolded = folded.map(
    (row) => sql`not (v.day = ${row.day} and v.at < ${row.so_far_until} and v.id <= ${Number(row.so_far_id)})`,
  );
  const [soFar, raw] = await Promise.all([
    folded.length === 0
      ? []
      : db
          .selectFrom('analytics_so_far')
          .select(['day', 'path', 'channel', 'source', 'medium', 'campaign', 'views', 'entries'])
          .where(
            'day',
            'in',
            folded.map((row) => row.day),
          )
          .execute(),
    viewsBySourceOfVisit(sql.join([sql`v.day >= ${rawFrom} and v.day <= ${to}`, ...notFolded], sql` and `)).execute(db),
  ]);
  return [...soFar, ...raw.rows];
}

/** Orders rows by page and visit source, as SQLite's GROUP BY gives them (a code unit at a time). */
function byKey(a: PageSourceRow, b: PageSourceRow): number {
  for (const column of ['path', 'channel', 'source', 'medium', 'campaign'] as const) {
    const [x, y] = [a[column] ?? '', b[column] ?? ''];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Visits begun per visit source in each period: the funnel's first step (funnel.ts). */
const visitsBySource = (rows: PageSourceRow[], period: 'current' | 'previous'): VisitsBySource[] =>
  rows
    .map((row) => ({
      channel: row.channel,
      source: orNull(row.source),
      medium: orNull(row.medium),
      campaign: orNull(row.campaign),
      visits: n(period === 'current' ? row.entries : row.previous_entries),
    }))
    .filter((row) => row.visits > 0);

/**
 * The owners' report (decision 0070) over whole days on the centre's (London) clock. A day the
 * retention run has totalled (every day once it is over) is read from the daily totals alone, so
 * a year is a few hundred rows per page and source, not a year of views; the days after the last
 * one totalled (today, and yesterday until the run) are read from what the fold job has folded of
 * them and their raw views since (decision 0082), with the same figures as from their raw views
 * alone. Each view counts for the source of its visit (the visitor's first page that day), as the
 * totals keep it.
 * Enquiries are conversions only (not a second one from the same visitor that day, nor one staff
 * moved to the Bin).
 */
export async function insightsReport(
  db: Kysely<DatabaseSchema>,
  { from, to }: InsightsQuery,
  { counting, ...funnelInputs }: FunnelInputs & { counting: boolean },
): Promise<InsightsReport> {
  const length = daysBetween(from, to);
  const previous = { from: addDays(from, -length), to: addDays(from, -1) };
  const lastTotalled = await db
    .selectFrom('analytics_days')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('totalled', '=', 1)
    .executeTakeFirst();
  // The first day not totalled, if the report reaches back before it: read from its folded and raw views.
  const afterTotalled = lastTotalled?.day ? addDays(lastTotalled.day, 1) : previous.from;
  const rawFrom = afterTotalled > previous.from ? afterTotalled : previous.from;

  const [openDays, rolledDays, conversions, totalledRows] = await Promise.all([
    openDayRows(db, rawFrom, to),
    db
      .selectFrom('analytics_days')
      .select(['day', 'views', 'visitors', 'left_out'])
      .where('day', '>=', previous.from)
      .where('day', '<=', to)
      .execute(),
    db
      .selectFrom('analytics_attribution as a')
      .innerJoin('contact_submissions as s', 's.id', 'a.enquiry_id')
      .select(['a.at', 'a.landing_path', 'a.channel', 'a.source', 'a.medium', 'a.campaign'])
      .where('a.conversion', '=', 'true')
      .where('s.deleted_at', 'is', null)
      .where('a.at', '>=', dayStart(previous.from))
      .where('a.at', '<', dayStart(addDays(to, 1)))
      .execute(),
    totalledSourceRows(db, { from, to, previous }),
  ]);
  // The days not totalled first, in the order of their key (as one read of their raw views gave
  // them), then the totals: rows that tie in a list (channels) come in the same order whether or
  // not, and however far, their day has been folded.
  const sourceRows: PageSourceRow[] = [
    ...openDays
      .map((row) => {
        const current = row.day >= from;
        return {
          ...row,
          views: current ? row.views : 0,
          entries: current ? row.entries : 0,
          previous_entries: current ? 0 : row.entries,
        };
      })
      .sort(byKey),
    ...totalledRows,
  ];

  // Per day, both periods: views and visitors from whichever table holds the day, enquiries by the day they came.
  const perDay = new Map<string, InsightsDay>();
  const dayRow = (day: string) => {
    let row = perDay.get(day);
    if (!row) perDay.set(day, (row = { day, visitors: 0, views: 0, enquiries: 0 }));
    return row;
  };
  let leftOut = 0;
  for (const row of openDays) {
    const entry = dayRow(row.day);
    entry.views += n(row.views);
    entry.visitors += n(row.entries);
  }
  for (const row of rolledDays) {
    const entry = dayRow(row.day);
    entry.views += n(row.views);
    entry.visitors += n(row.visitors);
    if (row.day >= from) leftOut += n(row.left_out);
  }
  const currentStart = dayStart(from);
  const current = conversions.filter((row) => row.at >= currentStart);
  for (const row of conversions) dayRow(londonDate(new Date(row.at))).enquiries += 1;

  const series = (start: string, days: number) =>
    Array.from({ length: days }, (_, index) => {
      const day = addDays(start, index);
      return perDay.get(day) ?? { day, visitors: 0, views: 0, enquiries: 0 };
    });
  const sum = (rows: InsightsDay[]) => {
    const visitors = rows.reduce((total, row) => total + row.visitors, 0);
    const enquiries = rows.reduce((total, row) => total + row.enquiries, 0);
    return {
      visitors,
      views: rows.reduce((total, row) => total + row.views, 0),
      enquiries,
      conversionRate: rateOf(enquiries, visitors),
    };
  };
  const days = series(from, length);
  const previousDays = series(previous.from, length);

  // Pages, entry pages, channels, sources and campaigns from the views of the current period.
  const pages = new Map<string, { path: string; views: number; entries: number }>();
  const entryPages = new Map<string, { path: string; visits: number; enquiries: number }>();
  const channelRows = new Map<string, { channel: Channel; visits: number; views: number; enquiries: number }>();
  const sources = new Map<
    string,
    { channel: Channel; source: string | null; visits: number; views: number; enquiries: number }
  >();
  const campaigns = new Map<
    string,
    { source: string | null; medium: string | null; campaign: string; visits: number; views: number; enquiries: number }
  >();
  const sourceKey = (channel: string, source: string | null) => `${channel}\n${source ?? ''}`;
  const campaignKey = (source: string | null, medium: string | null, campaign: string) =>
    `${source ?? ''}\n${medium ?? ''}\n${campaign}`;

  const addVisitRows = (row: PageSourceRow, views: number, entries: number) => {
    const channel = row.channel as Channel;
    const source = orNull(row.source);
    const medium = orNull(row.medium);
    const campaign = orNull(row.campaign);
    tally(
      pages,
      row.path,
      () => ({ path: row.path, views: 0, entries: 0 }),
      (page) => {
        page.views += views;
        page.entries += entries;
      },
    );
    if (entries > 0)
      tally(
        entryPages,
        row.path,
        () => ({ path: row.path, visits: 0, enquiries: 0 }),
        (page) => (page.visits += entries),
      );
    const addTo = (target: { visits: number; views: number }) => {
      target.visits += entries;
      target.views += views;
    };
    tally(channelRows, channel, () => ({ channel, visits: 0, views: 0, enquiries: 0 }), addTo);
    tally(sources, sourceKey(channel, source), () => ({ channel, source, visits: 0, views: 0, enquiries: 0 }), addTo);
    if (campaign)
      tally(
        campaigns,
        campaignKey(source, medium, campaign),
        () => ({ source, medium, campaign, visits: 0, views: 0, enquiries: 0 }),
        addTo,
      );
  };
  for (const row of sourceRows) {
    const [views, entries] = [n(row.views), n(row.entries)];
    // A page and source seen only in the period before is no row of this period's tables.
    if (views > 0 || entries > 0) addVisitRows(row, views, entries);
  }

  for (const row of current) {
    const channel = row.channel as Channel;
    const none = { visits: 0, views: 0, enquiries: 0 };
    const addOne = (target: { enquiries: number }) => (target.enquiries += 1);
    if (row.landing_path)
      tally(entryPages, row.landing_path, () => ({ path: row.landing_path!, visits: 0, enquiries: 0 }), addOne);
    tally(channelRows, channel, () => ({ channel, ...none }), addOne);
    tally(sources, sourceKey(channel, row.source), () => ({ channel, source: row.source, ...none }), addOne);
    if (row.campaign)
      tally(
        campaigns,
        campaignKey(row.source, row.medium, row.campaign),
        () => ({ source: row.source, medium: row.medium, campaign: row.campaign!, ...none }),
        addOne,
      );
  }

  const funnel = await funnelReport(
    db,
    {
      current: { start: dayStart(from), end: dayStart(addDays(to, 1)) },
      previous: { start: dayStart(previous.from), end: dayStart(from) },
    },
    { current: visitsBySource(sourceRows, 'current'), previous: visitsBySource(sourceRows, 'previous') },
    funnelInputs,
  );

  const byEnquiriesThenVisits = (row: { visits: number; enquiries: number }) => row.visits + row.enquiries * 1e9;
  return {
    from,
    to,
    previous,
    counting,
    days,
    previousDays,
    totals: sum(days),
    previousTotals: sum(previousDays),
    pages: top(
      pages.values(),
      (row) => row.views,
      (row) => row.path,
    ),
    entryPages: top(entryPages.values(), byEnquiriesThenVisits, (row) => row.path).map((row) => ({
      ...row,
      conversionRate: rateOf(row.enquiries, row.visits),
    })),
    channels: [...channelRows.values()].sort((a, b) => byEnquiriesThenVisits(b) - byEnquiriesThenVisits(a)),
    sources: top(sources.values(), byEnquiriesThenVisits, (row) => row.source ?? ''),
    campaigns: top(campaigns.values(), byEnquiriesThenVisits, (row) => row.campaign),
    leftOut,
    funnel,
  };
}
