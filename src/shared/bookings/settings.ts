import { z } from 'zod';
import type { AssessmentSettings, SiteFacts } from '../site-facts/site-facts';
import { declaredHoursSchema } from '../site-facts/week-hours-schema';
import { shownHoursAsWeek } from './shown-week';

/**
 * The free assessment's booking settings as staff set them at /admin/site (issue 41, decision
 * 0059): their rules and messages, used by the form and the server alike, and what applies
 * until someone saves them.
 */

/** A whole number from `min` to `max`, its message naming the field and its unit. */
const wholeNumber = (label: string, min: number, max: number, unit: string) => {
  const message = `${label} must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const noticeHoursLimit = 168;

/** The longest break staff may set between assessments. */
export const bufferMinutesLimit = 120;

/** The most places a time may have: a block staff set holds this many, so it outlasts a later raise (decision 0073). */
export const maxPlacesPerTime = 20;

/**
 * The limits on the parent's links and on one family (issue 51), at their defaults: inside 12
 * hours of the time the links say to call, a booking may be changed by its link twice, and one
 * e-mail address or phone number holds one booking to come at a time. A part saved before these
 * existed reads them as these (`storedAssessmentSettings`).
 */
export const bookingLimitDefaults = { cutoffHours: 12, changesPerBooking: 2, bookingsPerFamily: 1 } as const;

export const assessmentSettingsSchema = z
  .object({
    lengthMinutes: wholeNumber('Length', 15, 240, 'minutes'),
    placesPerTime: wholeNumber('Places at each time', 1, maxPlacesPerTime, 'children'),
    bufferMinutes: wholeNumber('Break between assessments', 0, bufferMinutesLimit, 'minutes'),
    minimumNotice: z.union(
      [z.literal('next-day'), z.object({ hours: wholeNumber('Notice', 0, noticeHoursLimit, 'hours') }).strict()],
      { error: `Notice must be a number of hours from 0 to ${noticeHoursLimit}, or "from the next day"` },
    ),
    weeksAhead: wholeNumber('How far ahead', 1, 26, 'weeks'),
    dailyLimit: wholeNumber('Daily limit', 1, 50, 'assessments').nullable(),
    cutoffHours: wholeNumber('Cut-off before the time', 0, noticeHoursLimit, 'hours'),
    changesPerBooking: wholeNumber('Changes allowed per booking', 0, 20, 'changes'),
    bookingsPerFamily: wholeNumber('Bookings at once per family', 1, 10, 'bookings'),
    weeklyTimes: z
      .array(declaredHoursSchema, { error: 'Weekly times must be a list' })
      .min(1, 'Give at least one row of weekly times')
      // Two rows a day (a morning and an afternoon) is as fine a week as anyone needs.
      .max(14, 'Give at most 14 rows of weekly times'),
  })
  .strict() satisfies z.ZodType<AssessmentSettings>;

/**
 * What applies until staff save their own: 45 minutes (what the FAQ promises), one at a time,
 * a quarter of an hour to reset the room, booked from the next day up to four weeks ahead (the
 * links' and families' limits at `bookingLimitDefaults`), at the opening hours parents are shown (when their days can be read; else the hours declared to
 * search engines).
 */
export function defaultAssessmentSettings(hours: SiteFacts['hours']): AssessmentSettings {
  return {
    lengthMinutes: 45,
    placesPerTime: 1,
    bufferMinutes: 15,
    minimumNotice: 'next-day',
    weeksAhead: 4,
    dailyLimit: null,
    ...bookingLimitDefaults,
    weeklyTimes: (shownHoursAsWeek(hours.shown) ?? hours.declared).map(({ days, opens, closes }) => ({
      days: [...days],
      opens,
      closes,
    })),
  };
}

/**
 * The part as a revision stored it: one saved before the limits on links and families existed
 * (issue 51) has them at their defaults, so every reader sees whole settings.
 */
export function storedAssessmentSettings(stored: AssessmentSettings | null | undefined): AssessmentSettings | null {
  if (!stored) return null;
  const limits = Object.keys(bookingLimitDefaults) as (keyof typeof bookingLimitDefaults)[];
  return limits.every((name) => typeof stored[name] === 'number') ? stored : { ...bookingLimitDefaults, ...stored };
}

/**
 * The settings in force: the saved part, or the defaults while none is saved. A revision stored
 * before the part existed reads null for it (the repository's defaults), so it reads as the
 * defaults too, with the weekly times following that revision's own opening hours.
 */
export function assessmentSettingsOf(facts: SiteFacts): AssessmentSettings {
  return storedAssessmentSettings(facts.assessment) ?? defaultAssessmentSettings(facts.hours);
}
