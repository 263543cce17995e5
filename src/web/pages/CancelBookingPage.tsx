import { ukTimeInWords } from '../../shared/time-words';
import { paths } from '../../shared/routes';
import { useBookingLink } from '../lib/booking-link';
import {
  BookAnotherTime,
  CallUs,
  CallUsInstead,
  LinkPageFrame,
  LinkProblem,
  buttonClass,
  DoneNotice,
} from './booking-link-parts';

/**
 * `/free-assessment/cancel?token=…` (issue 41): opening the link shows what it would cancel and
 * changes nothing; the button posts the token to this page, which cancels. A plain form, so it
 * works the same with script and without.
 */
export function CancelBookingPage() {
  const view = useBookingLink();
  if (view?.page !== 'cancel') return <LinkProblem refusal="not-valid" />;
  switch (view.state) {
    case 'refused':
      return <LinkProblem refusal={view.reason} />;
    case 'failed':
      return <LinkProblem message={view.message} />;
    case 'call-us':
      return <CallUsInstead {...view} />;
    case 'cancelled':
      return (
        <LinkPageFrame title="Your assessment is cancelled">
          <DoneNotice
            lead={
              <>
                Your assessment on <strong>{ukTimeInWords(view.startsAt)}</strong> is cancelled.
              </>
            }
          >
            <p className="mt-2 text-slate-700">
              We have e-mailed you a cancellation that removes it from your calendar. The time is free for another
              family now.
            </p>
            <BookAnotherTime />
          </DoneNotice>
        </LinkPageFrame>
      );
    case 'confirm':
      return (
        <LinkPageFrame title="Cancel your free assessment">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-lg text-slate-900">
              Your free assessment is booked for <strong>{ukTimeInWords(view.startsAt)}</strong>.
            </p>
            <p className="mt-2 text-slate-700">
              Nothing is cancelled until you press the button. If another time would suit you better, use the change
              link in your confirmation e-mail instead.
            </p>
            <form method="post" action={paths.freeAssessmentCancel} className="mt-6">
              <input type="hidden" name="token" value={view.token} />
              <button type="submit" className={`${buttonClass} bg-red-700 hover:bg-red-800`}>
                Cancel the assessment
              </button>
            </form>
            <CallUs />
          </div>
        </LinkPageFrame>
      );
  }
}
