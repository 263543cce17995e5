import { changeAddress } from '../../shared/bookings/link-pages';
import { timeTakenMessage } from '../../shared/bookings/bookings';
import { ukTime } from '../../shared/london-time';
import { paths } from '../../shared/routes';
import { ChangeTimeLinks, ChangeTimes } from '../features/bookings';
import { useBookingLink } from '../lib/booking-link';
import { CallUs, LinkPageFrame, LinkProblem, buttonClass } from './booking-link-parts';

/**
 * `/free-assessment/change?token=…` (issue 41): the booking's time, then the free days and times
 * as links to this page; a time picked is confirmed by a form posting to this page, which moves
 * the booking. Opening the link or any day or time changes nothing. Works the same with script
 * and without.
 */
export function ChangeBookingPage() {
  const view = useBookingLink();
  if (view?.page !== 'change') return <LinkProblem refusal="not-valid" />;
  switch (view.state) {
    case 'refused':
      return <LinkProblem refusal={view.reason} />;
    case 'failed':
      return <LinkProblem message={view.message} />;
    case 'changed':
      return (
        <LinkPageFrame title="Your assessment has a new time">
          <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6">
            <p className="text-lg text-slate-900">
              Your assessment is now on <strong>{ukTime(view.startsAt)}</strong>.
            </p>
            <p className="mt-2 text-slate-700">
              We have e-mailed you the new time, with an invitation that updates your calendar. The link in your
              confirmation e-mail still works if you need to change it again.
            </p>
            <CallUs />
          </div>
        </LinkPageFrame>
      );
    case 'choose': {
      const { token, days, day, picked, taken, notOffered } = view;
      return (
        <LinkPageFrame title="Change the time of your free assessment">
          <p className="text-lg text-slate-900">
            Your free assessment is booked for <strong>{ukTime(view.startsAt)}</strong>. Nothing changes until you
            confirm a new time.
          </p>
          {taken && (
            <div role="alert" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6">
              <p className="font-semibold text-slate-900">{timeTakenMessage}</p>
              {taken.length > 0 ? (
                <ChangeTimeLinks token={token} times={taken} withDay />
              ) : (
                <p className="mt-2 text-slate-700">There are no other free times at the moment.</p>
              )}
            </div>
          )}
          {notOffered && (
            <p role="alert" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-slate-900">
              That time is not offered. Please choose one of the times shown.
            </p>
          )}
          {picked && (
            <section
              aria-labelledby="change-confirm-heading"
              className="mt-6 rounded-2xl border-2 border-blue-700 bg-white p-6 shadow-sm"
            >
              <h2 id="change-confirm-heading" className="text-xl font-bold text-slate-900">
                {`Move your assessment to ${ukTime(picked.start)}?`}
              </h2>
              <form
                method="post"
                action={paths.freeAssessmentChange}
                className="mt-4 flex flex-wrap items-center gap-4"
              >
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="startsAt" value={picked.start} />
                <button type="submit" className={`${buttonClass} bg-blue-700 hover:bg-blue-800`}>
                  Move to this time
                </button>
                <a
                  href={changeAddress(token, { day })}
                  className="font-semibold text-blue-800 underline underline-offset-4"
                >
                  Choose another time
                </a>
              </form>
            </section>
          )}
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            {days.length > 0 ? (
              <ChangeTimes token={token} days={days} day={day} />
            ) : (
              <p className="text-slate-700">There are no other free times in the coming weeks. Please call us.</p>
            )}
            <CallUs />
          </div>
        </LinkPageFrame>
      );
    }
  }
}
