import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { bookingAnchor, bookingChoiceOf } from '../../../shared/bookings/page-choice';
import { PostedBookingContext, useSiteApi } from '../../lib/contexts';
import { bookingStartOf } from './booking-start';
import { BookingPickerIsland } from './islands';
import { bookingQueries } from './queries';

/**
 * The "Book a time" part of /free-assessment (issue 41): drawn on the server for this request
 * from the times offered now and the address's choice (never from the page cache, decision
 * 0072), then an island.
 */
export function BookingSection() {
  const { data } = useQuery(bookingQueries.offered(useSiteApi()));
  const choice = bookingChoiceOf(new URLSearchParams(useSearch()));
  const start = bookingStartOf(data?.days ?? [], choice, useContext(PostedBookingContext));
  return (
    <section
      id={bookingAnchor}
      aria-labelledby="booking-heading"
      // Its address scrolls here: clear of the sticky header.
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="booking-heading" className="text-xl font-bold text-slate-900">
        Book a time
      </h2>
      <p className="mb-6 mt-2 text-slate-700">
        Pick a day and a time that suit you, give us your details, and you will have a confirmation e-mail straight
        away. Assessments are at our Middlesbrough centre; times are UK time.
      </p>
      <BookingPickerIsland start={start} />
    </section>
  );
}
