import { z } from 'zod';
import { navLinks, paths } from '../routes';
import { type Channel, channels } from './channels';
import { funnelSchema } from './funnel';

export { channels, type Channel };

/** The channels in the Insights screen's and the inbox card's words. */
export const channelLabels: Record<Channel, string> = {
  search: 'Search',
  social: 'Social',
  email: 'E-mail',
  referral: 'Another site',
  campaign: 'Campaign',
  direct: 'Direct',
};

/** The longest report: the two years daily totals are kept for (decision 0070). */
export const INSIGHTS_MAX_DAYS = 731;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day (YYYY-MM-DD) moved by whole days: the one calendar walk (london-time.ts). */
export { addDays } from '../london-time';

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
export const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-09-01` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-09-01`)
    .refine((value) => {
      const parsed = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
    }, `${name} is not a date in the calendar`);

/** GET /api/admin/insights: a range of whole days on the centre's (London) clock, both ends included, at most two years long. */
export const insightsQuerySchema = z
  .object({ from: isoDay('From'), to: isoDay('To') })
  .strict()
  .superRefine(({ from, to }, context) => {
    if (from > to) context.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
    else if (daysBetween(from, to) > INSIGHTS_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `A report covers at most ${INSIGHTS_MAX_DAYS} days`,
      });
  });
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

const count = z.number().int().nonnegative();
/** Enquiries per visit, 0 to 1; null when there was no visit to divide by. */
const rate = z.number().nonnegative().nullable();

const dayRow = z.object({ day: z.string(), visitors: count, views: count, enquiries: count });
const totals = z.object({ visitors: count, views: count, enquiries: count, conversionRate: rate });

/** The answer of GET /api/admin/insights, declared as the route's response. */
export const insightsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before. */
  previous: z.object({ from: z.string(), to: z.string() }),
  /** Whether this server counts visits at all (ANALYTICS=on). */
  counting: z.boolean(),
  days: z.array(dayRow),
  previousDays: z.array(dayRow),
  totals,
  previousTotals: totals,
  /** Most viewed pages first (at most 20). */
  pages: z.array(z.object({ path: z.string(), views: count, entries: count })),
  /** Pages visits began on, most visits first (at most 20): their enquiries and conversion rate. */
  entryPages: z.array(z.object({ path: z.string(), visits: count, enquiries: count, conversionRate: rate })),
  channels: z.array(z.object({ channel: z.enum(channels), visits: count, views: count, enquiries: count })),
  /** Per channel and source (at most 20). */
  sources: z.array(
    z.object({
      channel: z.enum(channels),
      source: z.string().nullable(),
      visits: count,
      views: count,
      enquiries: count,
    }),
  ),
  /** Per campaign tag (at most 20); views count every page of the visits the campaign began. */
  campaigns: z.array(
    z.object({
      source: z.string().nullable(),
      medium: z.string().nullable(),
      campaign: z.string(),
      visits: count,
      views: count,
      enquiries: count,
    }),
  ),
  /** Requests from bots and scripts left out in the range. */
  leftOut: count,
  /** From visit to enrolment, per source and campaign, with the first contact and the show rate (funnel.ts). */
  funnel: funnelSchema,
});
export type InsightsReport = z.output<typeof insightsReportSchema>;
export type InsightsDay = InsightsReport['days'][number];

/** Where an enquiry came from, as the inbox card and the export show it (decision 0065). */
export interface EnquirySource {
  landingPath: string | null;
  sentFrom: string | null;
  channel: Channel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

const pageNames = new Map<string, string>([
  ...navLinks.map(({ href, label }) => [href, label] as [string, string]),
  [paths.freeAssessment, 'Free Assessment'],
  [paths.privacy, 'Privacy'],
  [paths.terms, 'Terms'],
  // NOT_FOUND_PAGE (page-shown.ts), where every missing page's showing counts (decision 0065):
  // written out, because importing it here would split it from the public pages' script into a
  // file of its own, one more request on every first visit (insights.test.ts ties the two).
  ['/404', 'Page not found'],
]);

/** A page's name where we know it (the menu's words), else its path. */
export const pageName = (path: string) => pageNames.get(path) ?? path;

/** A source tag in words: `facebook` is Facebook; a host stays as written. */
const sourceWords = (source: string) => (/^[a-z]+$/.test(source) ? source[0]!.toUpperCase() + source.slice(1) : source);

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Where an enquiry came from, in words for the inbox card: "Came from a Facebook campaign
 * spring-gcse, landed on Exam Resits". The campaign's name is returned apart, for emphasis.
 */
export function sourceSentence(source: EnquirySource): { before: string; campaign: string | null; after: string } {
  const name = source.landingPath && pageName(source.landingPath);
  const landed = !source.landingPath
    ? ''
    : name === source.landingPath
      ? `, landed on ${name}`
      : `, landed on ${name} (${source.landingPath})`;
  const named = source.source ? sourceWords(source.source) : null;
  if (source.campaign) {
    const before = named ? `Came from ${article(named)} ${named} campaign ` : 'Came from the campaign ';
    return { before, campaign: source.campaign, after: landed };
  }
  let from: string;
  if (source.channel === 'direct') from = 'Came straight to the site (no link or tag)';
  else if (source.channel === 'search') from = `Came from a search${named ? ` on ${named}` : ''}`;
  else if (source.channel === 'email') from = `Came from an e-mail${named ? ` (${named})` : ''}`;
  else from = `Came from ${named ?? 'another site'}`;
  return { before: from, campaign: null, after: landed };
}
