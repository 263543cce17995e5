import type { MarkedEnquiry } from '../../../shared/enquiries/admin-schemas';
import type { ReplyWait } from '../../../shared/enquiries/stages';
import { openingMinutesBetween } from '../../../shared/opening-time';
import type { OpeningHours } from '../../../shared/site-facts/site-facts';

/**
 * The reply clock (issue 50): from the enquiry's arrival until staff first moved it on from New,
 * or until `now` while it is New. No clock for an enquiry that left New without staff (a booking
 * the parent made entered at Assessment booked: nobody had to answer it).
 */
export function replyWait(enquiry: MarkedEnquiry, hours: OpeningHours, now: Date): ReplyWait | null {
  const { stage, contactedAt } = enquiry.stage;
  if (contactedAt === null && stage !== 'new') return null;
  const from = new Date(enquiry.submittedAt);
  const until = contactedAt === null ? now : new Date(contactedAt);
  return {
    openingMinutes: openingMinutesBetween(hours, from, until),
    minutes: Math.max(0, Math.floor((until.getTime() - from.getTime()) / 60_000)),
    stopped: contactedAt !== null,
  };
}
