import { z } from 'zod';
import { channels } from './channels';

/**
 * The funnel from visit to enrolment (issue 50, decision 0079), per source and campaign, in the
 * Insights report, its API and the Monday report alike. The enquiries of a period are those that
 * arrived in it (outside the Bin, and not a second one from the same visitor that day); each
 * counts at every stage up to the furthest it has reached so far, so a family that went ahead
 * to an assessment and then said no still counts as contacted and assessed.
 */
export const funnelSteps = ['visits', 'enquiries', 'contacted', 'booked', 'assessed', 'enrolled'] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/** The steps in the screen's and the e-mail's words. */
export const funnelStepLabels: Record<FunnelStep, string> = {
  visits: 'Visits',
  enquiries: 'Enquiries',
  contacted: 'Contacted',
  booked: 'Assessment booked',
  assessed: 'Assessed',
  enrolled: 'Enrolled',
};

const count = z.number().int().nonnegative();

/**
 * One period's counts. `enquiries` is `fromForm` + `fromBooking`: a family that booked a time on
 * /free-assessment itself is `fromBooking`, and counts as contacted (it has its answer).
 */
export const funnelCountsSchema = z.object({
  visits: count,
  enquiries: count,
  fromForm: count,
  fromBooking: count,
  contacted: count,
  booked: count,
  assessed: count,
  enrolled: count,
});
export type FunnelCounts = z.output<typeof funnelCountsSchema>;

export const noFunnel = (): FunnelCounts => ({
  visits: 0,
  enquiries: 0,
  fromForm: 0,
  fromBooking: 0,
  contacted: 0,
  booked: 0,
  assessed: 0,
  enrolled: 0,
});

/** A row's counts in the chosen period and the one of the same length before it. */
const compared = { current: funnelCountsSchema, previous: funnelCountsSchema };

/**
 * How fast families heard from the office: enquiries sent by the form (a booking has its answer)
 * that staff moved on from New, their wait in opening minutes (median and 90th percentile, null
 * with none), and the share answered within the reply target among those answered or waiting past it.
 */
export const firstContactSchema = z.object({
  answered: count,
  waitingPastTarget: count,
  medianMinutes: count.nullable(),
  p90Minutes: count.nullable(),
  withinTarget: z.number().min(0).max(1).nullable(),
});
export type FirstContact = z.output<typeof firstContactSchema>;

/** Booked assessments whose time fell in the period and has passed: how many came (null with none marked). */
export const showRateSchema = z.object({
  attended: count,
  noShow: count,
  unmarked: count,
  rate: z.number().min(0).max(1).nullable(),
});
export type ShowRate = z.output<typeof showRateSchema>;

export const funnelSchema = z.object({
  /** The reply target in force (opening minutes), which `withinTarget` is measured against. */
  targetMinutes: count,
  totals: z.object(compared),
  /** Per channel and source, the most enquiries first (at most 20). */
  sources: z.array(
    z.object({ channel: z.enum(channels), source: z.string().nullable(), ...compared, showRate: showRateSchema }),
  ),
  /** Per campaign tag (at most 20). */
  campaigns: z.array(
    z.object({ source: z.string().nullable(), medium: z.string().nullable(), campaign: z.string(), ...compared }),
  ),
  firstContact: z.object({ current: firstContactSchema, previous: firstContactSchema }),
  showRate: z.object({ current: showRateSchema, previous: showRateSchema }),
  /** The period's show rate week by week (Monday to Sunday, named by its Monday), weeks without a booking left out. */
  showRateByWeek: z.array(z.object({ week: z.string(), ...showRateSchema.shape })),
  /** Now, whatever the period: families still New outside the Bin, and the longest wait in opening minutes. */
  waitingNow: z.object({ families: count, longestMinutes: count.nullable() }),
});
export type Funnel = z.output<typeof funnelSchema>;

/** A step's share of the step before (0 to 1), null when there was nothing before it. */
export const stepRate = (counts: FunnelCounts, step: FunnelStep): number | null => {
  const index = funnelSteps.indexOf(step);
  if (index === 0) return null;
  const before = counts[funnelSteps[index - 1]!];
  return before > 0 ? counts[step] / before : null;
};

/** The value at the nearest rank `share` (0..1) of sorted numbers; null for none. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

/** GET and PUT /api/admin/insights/weekly-report: whether the owner asking is sent the Monday report. */
export const weeklyReportChoiceSchema = z.object({ send: z.boolean({ error: 'send must be true or false' }) }).strict();
export type WeeklyReportChoice = z.output<typeof weeklyReportChoiceSchema>;

/** POST /api/admin/insights/weekly-report/send: where last week's report went. */
export const weeklyReportSentSchema = z.object({ sentTo: z.string() });
