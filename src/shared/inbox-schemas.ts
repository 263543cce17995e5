import { z } from 'zod';
import { enquiryLimits } from './enquiries-schemas';
import { pagingQuerySchema } from './paging';

export const enquiryTypes = ['assessment', 'contact'] as const;
export type EnquiryType = (typeof enquiryTypes)[number];

/** A submission as the admin API answers it (docs/product.md#enquiry). */
export interface Enquiry {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string | null;
  mobile: string | null;
  submissionType: EnquiryType;
  yearGroup: string | null;
  emailTitle: string | null;
  notes: string | null;
  message: string | null;
  reviewed: 'true' | 'false';
  submittedAt: string;
}

/** Optional free text: absent, null or blank all mean "none". */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(enquiryLimits.name, `${label} must be at most ${enquiryLimits.name} characters`);

/**
 * PUT /api/contact-submissions/:id. The limits are the enquiry forms' (enquiryLimits), so staff
 * can save anything a parent could send. Every field is optional so a client may send only what
 * changed (e.g. just `reviewed`); fields it sends are checked. Unknown fields (id, submittedAt) are ignored.
 */
export const enquiryUpdateSchema = z.object({
  firstName: requiredName('First name').optional(),
  lastName: requiredName('Last name').optional(),
  email: z.email({ error: 'Please enter a valid email address' }).max(enquiryLimits.email).optional(),
  telephone: optionalText(enquiryLimits.telephone, 'Telephone').optional(),
  mobile: optionalText(enquiryLimits.telephone, 'Mobile').optional(),
  submissionType: z.enum(enquiryTypes, { error: 'Type must be assessment or contact' }).optional(),
  yearGroup: optionalText(enquiryLimits.yearGroup, 'Year group').optional(),
  emailTitle: optionalText(enquiryLimits.subjectTitle, 'Subject').optional(),
  notes: optionalText(enquiryLimits.longText, 'Notes').optional(),
  message: optionalText(enquiryLimits.longText, 'Message').optional(),
  reviewed: z.enum(['true', 'false'], { error: "Reviewed must be 'true' or 'false'" }).optional(),
});
export type EnquiryUpdate = z.output<typeof enquiryUpdateSchema>;

/** The inbox's filter tiles. 'unreviewed' counts a missing value as unreviewed. */
export const enquiryFilters = ['all', 'assessment', 'contact', 'unreviewed'] as const;
export type EnquiryFilter = (typeof enquiryFilters)[number];

/** The query options a tile stands for. */
export function filterQuery(filter: EnquiryFilter): Pick<EnquiryQuery, 'type' | 'reviewed'> {
  if (filter === 'assessment' || filter === 'contact') return { type: filter };
  if (filter === 'unreviewed') return { reviewed: 'false' };
  return {};
}

/**
 * Query options of GET /api/contact-submissions (and its counts and CSV export). Without page or
 * pageSize the answer is the plain array of docs/product.md#api-inbox; with either it is an EnquiryPage.
 */
export const enquiryQuerySchema = pagingQuerySchema.extend({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  type: z.enum(enquiryTypes, { error: 'Type must be assessment or contact' }).optional(),
  reviewed: z.enum(['true', 'false'], { error: "Reviewed must be 'true' or 'false'" }).optional(),
});
export type EnquiryQuery = z.output<typeof enquiryQuerySchema>;

export interface EnquiryPage {
  items: Enquiry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export type EnquiryCounts = Record<EnquiryFilter, number>;

export const DEFAULT_PAGE_SIZE = 20;
