import { z } from 'zod';
import type { ApiErrorBody } from '../api-error';
import { bodyOf } from '../response-schema';

/**
 * Attended or No-show (issue 50, decisions 0073 and 0078): once a booked assessment's time has
 * passed, staff on "Upcoming assessments" mark whether the family came. The mark is made once and
 * may be changed; each mark is kept with who and when. Marking Attended moves an enquiry at
 * Assessment booked to Assessed; changing Attended to No-show moves it back.
 */
export const attendanceMarks = ['attended', 'no-show'] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];

export const attendanceLabels: Record<AttendanceMark, string> = {
  attended: 'Attended',
  'no-show': 'No-show',
};

/** The mark a booking carries, who made it (their name then) and when; null until it is marked. */
export interface BookingAttendance {
  mark: AttendanceMark;
  markedBy: string;
  markedAt: string;
  /** A No-show's one "shall we find another time?" mail (issue 51): who sent it and when; null until sent. */
  anotherTimeOffered: { by: string; at: string } | null;
}

/**
 * POST /api/admin/bookings/:id/attendance. `from` is the mark the screen showed (null when it showed
 * none): when the booking has been marked since, the server refuses with 409 ATTENDANCE_CHANGED and
 * says who marked it what, so two screens never make two marks.
 */
export const attendanceMarkSchema = z
  .object({
    from: z
      .enum(attendanceMarks, { error: 'from must be attended, no-show or null (the mark the screen showed)' })
      .nullable(),
    to: z.enum(attendanceMarks, { error: 'to must be attended or no-show' }),
  })
  .strict()
  .superRefine((mark, context) => {
    if (mark.from === mark.to)
      context.addIssue({ code: 'custom', path: ['to'], message: `It is already marked ${attendanceLabels[mark.to]}` });
  });
export type AttendanceMarkChange = z.output<typeof attendanceMarkSchema>;

/** The words staff read when a booking cannot be marked (yet), or the family not offered another time. */
export const attendanceRefusals = {
  notYet: 'You can mark it once its time has passed.',
  notNoShow: 'Mark it No-show first: another time is offered to a family that missed theirs.',
} as const;

/** The mail was sent already: by whom and when, in the words the toast shows. */
export const anotherTimeSentMessage = (by: string, when: string) =>
  `${by} already offered another time (${when}): nothing was sent.`;

/** What a conflicting mark found: the mark standing now, in the words the screen shows. */
export function attendanceChangedMessage(current: BookingAttendance | null): string {
  if (!current) return 'This assessment has not been marked yet: nothing was changed.';
  return `${current.markedBy} already marked it ${attendanceLabels[current.mark]}.`;
}

export const bookingAttendanceSchema = bodyOf<BookingAttendance>()(
  z.object({
    mark: z.enum(attendanceMarks),
    markedBy: z.string(),
    markedAt: z.string(),
    anotherTimeOffered: z.object({ by: z.string(), at: z.string() }).nullable(),
  }),
);

/**
 * A 409 of the mark: ATTENDANCE_CHANGED carries the mark standing now (`attendance`); the others
 * (NOT_YET, the enquiry in the Bin) are the plain error body.
 */
export interface AttendanceConflict extends ApiErrorBody {
  attendance?: BookingAttendance | null;
}

export const attendanceConflictSchema = bodyOf<AttendanceConflict>()(
  z.object({
    error: z.string(),
    code: z.string(),
    field: z.string().optional(),
    attendance: bookingAttendanceSchema.nullable().optional(),
  }),
);
