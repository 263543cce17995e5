import { z } from 'zod';
import { assessmentSettingsSchema } from '../bookings/settings';
import { replySettingsSchema } from '../enquiries/reply-settings';
import { faqPlaceholders, unknownPlaceholders } from './site-facts';
import { closesAfterOpens, declaredHoursSchema, timeOfDay } from './week-hours-schema';

/**
 * The site facts' rules and messages (docs/decisions/0059-editable-site-facts.md), used by the
 * /admin/site forms and by the server, so each lives once. Each section is saved on its own; a
 * message names its field by its path within the section (`pricing.classroom.primary`).
 */
/** No line breaks or other control characters: a one-line fact cannot forge a line in a mail. */
const isOneLine = (value: string) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => isOneLine(value), `${label} must be on one line`);

const paragraph = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const itemId = z
  .string({ error: 'Id must be text' })
  .regex(/^[a-z0-9-]{1,40}$/, 'Id must be lower-case letters, digits and hyphens')
  .optional();

/** A UK telephone number as people write it: 0 or +44, then 9 or 10 digits; spaces, hyphens and brackets allowed. */
export function isUkPhone(value: string): boolean {
  return /^(?:\+44|0)\d{9,10}$/.test(value.replace(/[\s()-]/g, '').replace(/^\+44\(?0\)?/, '+44'));
}

const phone = text('Phone', 30).refine(isUkPhone, 'Phone must be a UK telephone number, like 01632 960123');

const email = text('E-mail', 254).refine(
  (value) => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value),
  'E-mail must be an e-mail address, like hello@example.com',
);

const postcode = text('Postcode', 10).refine(
  (value) => /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(value),
  'Postcode must be a UK postcode, like TS1 2AB',
);

const socialLink = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .refine((value) => value === '' || isHttpsAddress(value), `${label} must be an https:// address, or empty`);

function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Pounds per hour: more than nothing, at most £1,000, whole pence. */
const price = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pounds, like 13 or 13.50` })
    .positive(`${label} must be more than £0`)
    .max(1000, `${label} must be at most £1,000`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} must be in whole pence, like 13.50`,
    });

/** A real calendar date between 2000 and 2099. */
const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date, like 22 December 2026` })
    .regex(/^20\d\d-\d\d-\d\d$/, `${label} must be a date, like 22 December 2026`)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    }, `${label} must be a real date`);

const uniqueIds = (items: { id?: string | undefined }[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (seen.has(item.id))
      context.addIssue({ code: 'custom', path: [index, 'id'], message: 'Two items share this id' });
    seen.add(item.id);
  });
};

export const siteDetailsSchema = z
  .object({
    name: text('Business name', 80),
    phone,
    email,
    address: z
      .object({
        street: text('Street address', 120),
        locality: text('Town', 60),
        postcode,
        region: text('County', 60),
      })
      .strict(),
    areasCovered: z
      .array(text('Area', 40), { error: 'Areas covered must be a list' })
      .min(1, 'List at least one area covered')
      .max(30, 'List at most 30 areas covered')
      .superRefine((areas, context) => {
        const seen = new Set<string>();
        areas.forEach((area, index) => {
          const key = area.toLowerCase();
          if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: `${area} is listed twice` });
          seen.add(key);
        });
      }),
    social: z
      .object({ facebook: socialLink('Facebook'), instagram: socialLink('Instagram'), x: socialLink('X') })
      .strict(),
    ukprn: text('UKPRN', 8).regex(/^1\d{7}$/, 'UKPRN must be 8 digits starting with 1, like 10011877'),
    pricing: z
      .object({
        classroom: z
          .object({ primary: price('Classroom primary price'), secondary: price('Classroom secondary price') })
          .strict(),
        oneToOne: z
          .object({ primary: price('One-to-one primary price'), secondary: price('One-to-one secondary price') })
          .strict(),
        fromPerHour: price('"From" price'),
      })
      .strict(),
  })
  .strict();

const shownHoursSchema = z
  .object({ days: text('Days', 30), opens: timeOfDay('Opens'), closes: timeOfDay('Closes') })
  .strict()
  .superRefine(closesAfterOpens);

const closureSchema = z
  .object({
    id: itemId,
    from: calendarDate('First day'),
    to: calendarDate('Last day'),
    opens: timeOfDay('Opens').nullable(),
    closes: timeOfDay('Closes').nullable(),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(80, 'Note must be at most 80 characters')
      .refine((value) => isOneLine(value), 'Note must be on one line'),
  })
  .strict()
  .superRefine((closure, context) => {
    if (closure.to < closure.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'Last day must not be before the first day' });
    }
    if ((closure.opens === null) !== (closure.closes === null)) {
      const missing = closure.opens === null ? 'opens' : 'closes';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Give both times for special hours, or neither for a closure',
      });
    }
    closesAfterOpens(closure, context);
  });

export const openingHoursSchema = z
  .object({
    shown: z
      .array(shownHoursSchema, { error: 'Shown hours must be a list' })
      .min(1, 'Give at least one row of hours')
      .max(7, 'Give at most 7 rows of hours'),
    declared: z
      .array(declaredHoursSchema, { error: 'Declared hours must be a list' })
      .min(1, 'Give at least one row of hours')
      .max(7, 'Give at most 7 rows of hours')
      .superRefine((rows, context) => {
        const seen = new Set<string>();
        rows.forEach((row, index) =>
          row.days.forEach((day) => {
            if (seen.has(day))
              context.addIssue({ code: 'custom', path: [index, 'days'], message: `${day} is in two rows` });
            seen.add(day);
          }),
        );
      }),
    closures: z
      .array(closureSchema, { error: 'Closures must be a list' })
      .max(50, 'Keep at most 50 closures')
      .superRefine(uniqueIds),
  })
  .strict();

export const testimonialsSchema = z
  .array(
    z
      .object({
        id: itemId,
        text: paragraph('Testimonial', 600),
        author: text('Author', 80),
        rating: z
          .number({ error: 'Rating must be a whole number from 1 to 5' })
          .int('Rating must be a whole number from 1 to 5')
          .min(1, 'Rating must be a whole number from 1 to 5')
          .max(5, 'Rating must be a whole number from 1 to 5'),
        shown: z.boolean({ error: 'Shown must be true or false' }),
      })
      .strict(),
    { error: 'Testimonials must be a list' },
  )
  .max(50, 'Keep at most 50 testimonials')
  .superRefine(uniqueIds);

export const faqSchema = z
  .array(
    z
      .object({
        id: itemId,
        question: text('Question', 200),
        answer: paragraph('Answer', 2000).superRefine((answer, context) => {
          const [unknown] = unknownPlaceholders(answer);
          if (unknown !== undefined) {
            context.addIssue({
              code: 'custom',
              message: `{${unknown.slice(0, 40)}} is not a fact the site knows. Use one of: ${Object.keys(
                faqPlaceholders,
              )
                .map((name) => `{${name}}`)
                .join(', ')}`,
            });
          }
        }),
        shown: z.boolean({ error: 'Shown must be true or false' }),
      })
      .strict(),
    { error: 'FAQ must be a list' },
  )
  .max(40, 'Keep at most 40 questions')
  .superRefine(uniqueIds);

/** Each section's rules, by the name its route uses. */
export const siteFactSectionSchemas = {
  details: siteDetailsSchema,
  hours: openingHoursSchema,
  testimonials: testimonialsSchema,
  faq: faqSchema,
  assessment: assessmentSettingsSchema,
  replies: replySettingsSchema,
} as const;

/** A revision number the form started from, or null before any save. */
export const basedOnSchema = z
  .number({ error: 'basedOn must be the revision number the form started from, or null' })
  .int('basedOn must be a whole number')
  .positive('basedOn must be a whole number')
  .nullable();
