import { ukTimeInWords } from '../../shared/time-words';
import { type ChangeStart, ChangePickerIsland } from '../features/bookings';
import { useBookingLink } from '../lib/booking-link';
import { CallUs, CallUsInstead, LinkPageFrame, LinkProblem, DoneNotice } from './booking-link-parts';

/**
 * `/free-assessment/change?token=…` (issue 41): the booking's time, then the booking page's day
 * and time picker (`ChangePicker`). Without script each day and time is a button posting the token
 * back to this page in the form's body (issue 51: the token is in no address but the e-mail's),
 * with script they are chosen in place; a time picked is confirmed by a form posting to this page,
 * which moves the booking. Opening the link or choosing a day or time changes nothing.
 */
export function ChangeBookingPage() {
  const view = useBookingLink();
  if (view?.page !== 'change') return <LinkProblem refusal="not-valid" />;
  switch (view.state) {
    case 'refused':
      return <LinkProblem refusal={view.reason} />;
    case 'failed':
      return <LinkProblem message={view.message} />;
    case 'call-us':
      return <CallUsInstead {...view} />;
    case 'changed':
      return (
        <LinkPageFrame title="Your assessment has a new time">
          <DoneNotice
            lead={
              <>
                Your assessment is now on <strong>{ukTimeInWords(view.startsAt)}</strong>.
              </>
            }
          >
            <p className="mt-2 text-slate-700">
              We have e-mailed you the new time, with an invitation that updates your calendar. The link in your
              confirmation e-mail still works if you need to change it again.
            </p>
          </DoneNotice>
        </LinkPageFrame>
      );
    case 'choose': {
      const { token, startsAt, days, day, picked, taken, notOffered } = view;
      const open = days.find((offered) => offered.date === day);
      // The island's start: the dates alone and the open day's times (the token stays in the forms' bodies).
      const start: ChangeStart = {
        token,
        startsAt,
        days: days.map((offered) => offered.date),
        ...(open && { day: open.date, times: open.times }),
        ...(picked && { picked }),
        ...(taken && { taken }),
        ...(notOffered && { notOffered }),
      };
      return (
        <LinkPageFrame title="Change the time of your free assessment">
          <p className="text-lg text-slate-900">
            Your free assessment is booked for <strong>{ukTimeInWords(startsAt)}</strong>. Nothing changes until you
            confirm a new time.
          </p>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <ChangePickerIsland start={start} />
            <CallUs />
          </div>
        </LinkPageFrame>
      );
    }
  }
}
