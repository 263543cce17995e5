import { z } from 'zod';
import type { ReplySettings, SiteFacts } from '../site-facts/site-facts';
import { REASON_MAX } from './stages';

/**
 * How the office answers families (issue 50), as owners set it at /admin/site (the type is the site
 * facts'): its rules, used by the form and the server alike, and what applies until someone saves.
 */
export type { ReplySettings };

/**
 * A family is waiting while its enquiry is New and at most this many days old: older ones are past
 * nudging (the inbox shows them in red all the same) and out of Insights' "waiting now", so
 * enquiries left New from before stages existed do not count as families waiting for ever.
 */
export const WAITING_WITHIN_DAYS = 14;

/** A nudge's link to the card carries `?from=nudge`, so the inbox records who followed it (the access log). */
export const fromNudgeQuery = 'from=nudge';

const targetMessage = 'The reply target must be from a quarter of an hour to 100 opening hours';

export const replySettingsSchema = z
  .object({
    targetMinutes: z
      .number({ error: targetMessage })
      .int(targetMessage)
      .min(15, targetMessage)
      .max(100 * 60, targetMessage),
    reasons: z
      .array(
        z
          .string({ error: 'Each reason must be text' })
          .trim()
          .min(1, 'A reason cannot be empty')
          .max(REASON_MAX, `Keep each reason to ${REASON_MAX} characters`),
        { error: 'Reasons must be a list' },
      )
      .min(1, 'Keep at least one reason')
      .max(12, 'Keep at most 12 reasons')
      .refine(
        (reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length,
        'Each reason must differ from the others',
      ),
  })
  .strict() satisfies z.ZodType<ReplySettings>;

/** Until owners save their own: an hour of opening time, and the six reasons. */
export const defaultReplySettings: ReplySettings = {
  targetMinutes: 60,
  reasons: ['Price', 'Timing', 'Distance', 'Went elsewhere', 'No reply', 'Other'],
};

/** The settings in force: the saved part, or the defaults while none is saved (a revision from before reads null). */
export const replySettingsOf = (facts: SiteFacts): ReplySettings => facts.replies ?? defaultReplySettings;
