import { z } from 'zod';
import type { EnquirySource } from '../analytics/insights';
import type { EnquiryViewers } from '../access-log/access-log';
import { emailAddressPattern } from '../email-address';
import { enquiryLimits } from './schemas';
import { pagingQuerySchema } from '../paging';
import type { ReplySettings } from './reply-settings';
import { type EnquiryStage, type ReplyWait, stages } from './stages';

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

/**
 * Staff's marks on an enquiry and who made them (decision 0066), beside the entity of the API
 * contract rather than in it: the inbox's paged answer and the export carry them.
 */
export interface EnquiryMarks {
  /** Who marked it reviewed (their name then) and when: null while it is not, or when marked before names were kept. */
  reviewedBy: string | null;
  reviewedAt: string | null;
  /** Where it stands on the way to enrolment (issue 50); the "replied" mark became Contacted. */
  stage: EnquiryStage;
}

export type MarkedEnquiry = Enquiry & EnquiryMarks;

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
  email: z
    .email({ pattern: emailAddressPattern, error: 'Please enter a valid email address' })
    .max(enquiryLimits.email)
    .optional(),
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
  stage: z.enum(stages, { error: `Stage must be one of: ${stages.join(', ')}` }).optional(),
});
export type EnquiryQuery = z.output<typeof enquiryQuerySchema>;

export interface EnquiryPage {
  items: InboxEnquiry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** False when the server sends no e-mail (no SMTP_URL): the inbox says so once, above the list. */
  mailOn: boolean;
  /** The office's reply target and reasons for Not going ahead (issue 50), for the cards' clocks and stage moves. */
  replies: ReplySettings;
}

export type EnquiryCounts = Record<EnquiryFilter, number>;

export const DEFAULT_PAGE_SIZE = 20;

/** What staff wrote about an enquiry, apart from the parent's own words. */
export interface StaffNote {
  id: number;
  text: string;
  createdAt: string;
  /** Who wrote it (their name then); null for notes written before names were kept. */
  author: string | null;
}

export const STAFF_NOTE_MAX = 2000;

/**
 * Plain text as staff meant it: one kind of line break, no control or bidirectional-override
 * characters (they can hide or reorder what the next reader sees), no outer white space.
 * Each pattern is a single character class, so it runs in linear time on any input.
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
      .trim()
  );
}

/** POST /api/contact-submissions/:id/notes. */
export const staffNoteInputSchema = z.object({
  text: z
    .string({ error: 'Note must be text' })
    .transform(plainText)
    .pipe(
      z
        .string()
        .min(1, 'Please write a note')
        .max(STAFF_NOTE_MAX, `A note must be at most ${STAFF_NOTE_MAX} characters`),
    ),
});
export type StaffNoteInput = z.input<typeof staffNoteInputSchema>;

/**
 * Where the staff notification e-mail of an enquiry is: waiting for its first try, delivered,
 * failing but still being retried, or given up on after the last retry.
 */
export const mailStates = ['queued', 'sent', 'retrying', 'failed'] as const;
export type MailState = (typeof mailStates)[number];

export interface MailStatus {
  state: MailState;
  attempts: number;
  /** The mail server's last refusal, while it is not yet delivered. */
  lastError: string | null;
  sentAt: string | null;
}

/** An enquiry on the inbox screen: the entity, staff's notes (oldest first) and its notification's status. */
export interface InboxEnquiry extends MarkedEnquiry {
  staffNotes: StaffNote[];
  /** Null when mail is off or the notification was forgotten after delivery (decision 0018). */
  notification: MailStatus | null;
  /** Who the access log says saw it before; only for those who may read the log (owners). */
  viewedBy?: EnquiryViewers;
  /** Where it came from (decision 0065); null when not known (counting off, an objecting visitor, older enquiries). */
  source?: EnquirySource | null;
  /** The time booked, when the enquiry is a booked assessment (issue 41); null for any other enquiry. */
  booking?: EnquiryBooking | null;
  /** How long the family has waited for a first contact (issue 50); null when no clock runs (a booking made by the parent). */
  waited?: ReplyWait | null;
}

/** A booked assessment's time, as the inbox shows it on its enquiry: UTC instants, and whether it stands. */
export interface EnquiryBooking {
  startsAt: string;
  endsAt: string;
  status: 'booked' | 'cancelled';
}
