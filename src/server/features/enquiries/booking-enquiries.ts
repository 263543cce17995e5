import type { Kysely, Transaction } from 'kysely';
import type { EnquiryBooking } from '../../../shared/enquiries/admin-schemas';
import type { AssessmentInput } from '../../../shared/enquiries/schemas';
import type { ActingStaff } from '../../auth/principal';
import type { DatabaseSchema } from '../../db/schema';
import type { OutgoingEmail } from '../../mail/outbox';
import { enquiryAdminLink, notificationFor } from './notification';
import { insertEnquiry, type NewEnquiry } from './repo';
import { storedEnquiry } from './senders';
import { enteredBooked } from './stages-repo';

/**
 * What a booked assessment (features/bookings) writes of its enquiry, inside the booking's own
 * transaction: a booking is an enquiry with a time, stored, notified and kept like any other.
 */
export function bookingEnquiries(publicUrl: string) {
  return {
    /** Stores the assessment request, entered at Assessment booked (issue 50); answers its id and what was stored. */
    async insert(trx: Kysely<DatabaseSchema>, input: AssessmentInput, submittedAt: string) {
      const submission: NewEnquiry = { ...storedEnquiry('assessment', input), submittedAt };
      const id = await insertEnquiry(trx, submission);
      await enteredBooked(trx, id, submittedAt);
      return { id, submission };
    },
    /**
     * Stores a family joining the waiting list (issue 51) as an assessment request, New like any
     * other (the office may call meanwhile), its notes saying which days it waits for.
     */
    async insertWaiting(trx: Kysely<DatabaseSchema>, input: AssessmentInput, period: string, submittedAt: string) {
      const stored = storedEnquiry('assessment', input);
      const note = `On the waiting list for ${period}.`;
      const submission: NewEnquiry = {
        ...stored,
        notes: stored.notes ? `${note}\n\n${stored.notes}` : note,
        submittedAt,
      };
      return { id: await insertEnquiry(trx, submission), submission };
    },
    /** A waiting family's details, as its claim books with them (never asked for again). */
    async detailsOf(db: Kysely<DatabaseSchema>, id: number) {
      const row = await db
        .selectFrom('contact_submissions')
        .select(['first_name', 'last_name', 'email', 'telephone', 'mobile'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const telephone = row.telephone ?? row.mobile ?? '';
      return { firstName: row.first_name, lastName: row.last_name, email: row.email, telephone };
    },
    /** A waiting family booked its time (issue 51): its enquiry enters Assessment booked, from wherever it stood. */
    bookedFromWaitingList: (trx: Kysely<DatabaseSchema>, id: number, at: string) => enteredBooked(trx, id, at),
    /** The office's notification of a family joining the waiting list (`period`, in words). */
    waitingNotification(id: number, submission: NewEnquiry, recipient: string, period: string): OutgoingEmail {
      const notification = notificationFor(id, submission, recipient, publicUrl);
      return {
        ...notification,
        subject: `Waiting list for ${period}: ${notification.subject}`,
        body: `Waiting for a free time on ${period}.\n\n${notification.body}`,
      };
    },
    /** The office's notification of the enquiry, leading with the time booked (`when`, in words). */
    notification(id: number, submission: NewEnquiry, recipient: string, when: string): OutgoingEmail {
      const notification = notificationFor(id, submission, recipient, publicUrl);
      return {
        ...notification,
        subject: `Assessment booked for ${when}: ${notification.subject}`,
        body: `Booked for ${when}.\n\n${notification.body}`,
      };
    },
    adminLink: (id: number) => enquiryAdminLink(publicUrl, id),
  };
}

export type BookingEnquiries = ReturnType<typeof bookingEnquiries>;

/**
 * Cancels the enquiry's bookings still to come, inside the transaction (`trx`) moving it to the
 * Bin (the bookings feature's): answers how many.
 */
export type CancelBookingsOnBin = (
  trx: Transaction<DatabaseSchema>,
  enquiryId: number,
  by: ActingStaff,
  now: Date,
) => Promise<number>;

/** The time booked for each of these enquiries that is a booked assessment, answered by the bookings feature. */
export type BookingsOf = (enquiryIds: readonly number[]) => Promise<ReadonlyMap<number, EnquiryBooking>>;
