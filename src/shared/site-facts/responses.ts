import { z } from 'zod';
import { assessmentSettingsSchema } from '../bookings/settings';
import { replySettingsSchema } from '../enquiries/reply-settings';
import { bodyOf } from '../response-schema';
import { faqSchema, openingHoursSchema, siteDetailsSchema, testimonialsSchema } from './schemas';
import { siteFactSections, type SiteFactsRevision } from './site-facts';

/**
 * The facts in use and their revision, as the API answers them (decision 0069): the sections are
 * described by the same schemas a save is checked with, so what is saved is what is answered.
 */
export const currentSiteFactsSchema = z.object({
  revision: z.number().int().nullable(),
  facts: z.object({
    details: siteDetailsSchema,
    hours: openingHoursSchema,
    testimonials: testimonialsSchema,
    faq: faqSchema,
    // Null until staff first save the part: the defaults apply (shared/bookings/settings.ts).
    assessment: assessmentSettingsSchema.nullable(),
    replies: replySettingsSchema.nullable(),
  }),
});

export const siteFactsRevisionSchema = bodyOf<SiteFactsRevision>()(
  z.object({
    id: z.number().int(),
    savedAt: z.string(),
    savedBy: z.string(),
    section: z.enum([...siteFactSections, 'restore', 'initial']),
    restoredFrom: z.number().int().nullable(),
  }),
);
