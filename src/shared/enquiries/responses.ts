import { z } from 'zod';
import { enquiryViewersSchema } from '../access-log/responses';
import { channels, type EnquirySource } from '../analytics/insights';
import { bodyOf } from '../response-schema';
import {
  type Enquiry,
  type EnquiryBooking,
  type EnquiryCounts,
  type EnquiryPage,
  enquiryTypes,
  type MailStatus,
  mailStates,
  type MarkedEnquiry,
  type StaffNote,
} from './admin-schemas';
import type { CreatedEnquiry } from './schemas';
import { replySettingsSchema } from './reply-settings';
import { type EnquiryStage, type ReplyWait, stages } from './stages';

/**
 * The enquiry answers as the API sends them (decision 0069). Classic zod, for the server only: the
 * browser reads the types beside each, and the compiler keeps schema and type the same.
 */
export const createdEnquirySchema = bodyOf<CreatedEnquiry>()(z.object({ id: z.number().int() }));

const flag = z.enum(['true', 'false']);
const enquiryShape = {
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  mobile: z.string().nullable(),
  submissionType: z.enum(enquiryTypes),
  yearGroup: z.string().nullable(),
  emailTitle: z.string().nullable(),
  notes: z.string().nullable(),
  message: z.string().nullable(),
  reviewed: flag,
  submittedAt: z.string(),
};
export const enquirySchema = bodyOf<Enquiry>()(z.object(enquiryShape));

/** Where an enquiry stands (issue 50). */
export const enquiryStageSchema = bodyOf<EnquiryStage>()(
  z.object({
    stage: z.enum(stages),
    reason: z.string().nullable(),
    movedBy: z.string().nullable(),
    movedAt: z.string().nullable(),
    contactedAt: z.string().nullable(),
  }),
);

const marksShape = {
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  stage: enquiryStageSchema,
};

/** The reply clock (issue 50). */
const replyWaitSchema = bodyOf<ReplyWait>()(
  z.object({ openingMinutes: z.number().int(), minutes: z.number().int(), stopped: z.boolean() }),
);
export const markedEnquirySchema = bodyOf<MarkedEnquiry>()(z.object({ ...enquiryShape, ...marksShape }));

export const staffNoteSchema = bodyOf<StaffNote>()(
  z.object({ id: z.number().int(), text: z.string(), createdAt: z.string(), author: z.string().nullable() }),
);

export const mailStatusSchema = bodyOf<MailStatus>()(
  z.object({
    state: z.enum(mailStates),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
  }),
);

/** Where an enquiry came from (decision 0065), as the inbox card and the export show it. */
const enquirySourceSchema = bodyOf<EnquirySource>()(
  z.object({
    landingPath: z.string().nullable(),
    sentFrom: z.string().nullable(),
    channel: z.enum(channels),
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
  }),
);

/** A booked assessment's time on its enquiry (issue 41). */
const enquiryBookingSchema = bodyOf<EnquiryBooking>()(
  z.object({ startsAt: z.string(), endsAt: z.string(), status: z.enum(['booked', 'cancelled']) }),
);

export const enquiryPageSchema = bodyOf<EnquiryPage>()(
  z.object({
    items: z.array(
      z.object({
        ...enquiryShape,
        ...marksShape,
        staffNotes: z.array(staffNoteSchema),
        notification: mailStatusSchema.nullable(),
        viewedBy: enquiryViewersSchema.optional(),
        source: enquirySourceSchema.nullable().optional(),
        booking: enquiryBookingSchema.nullable().optional(),
        waited: replyWaitSchema.nullable().optional(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    mailOn: z.boolean(),
    replies: replySettingsSchema,
  }),
);

export const enquiryCountsSchema = bodyOf<EnquiryCounts>()(
  z.object({
    all: z.number().int(),
    assessment: z.number().int(),
    contact: z.number().int(),
    unreviewed: z.number().int(),
  }),
);
