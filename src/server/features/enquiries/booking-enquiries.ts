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

/** The time booked for each of these enquiries that is a booked assessment, answered by the bookings feature. */
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

export type BookingsOf = (enquiryIds: readonly number[]) => Promise<ReadonlyMap<number, EnquiryBooking>>;
