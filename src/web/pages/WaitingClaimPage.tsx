import { periodInWords, waitingListMessages } from '../../shared/bookings/waiting-list';
import type { ClaimRefusal } from '../../shared/bookings/waiting-list-pages';
import { ukTimeInWords } from '../../shared/time-words';
import { centreTelHref } from '../components/centre-contact';
import { type ChangeStart, ChangePickerIsland } from '../features/bookings';
import { useSiteFacts } from '../lib/site-data';
import { useWaitingList } from '../lib/waiting-list';
import { BookAnotherTime, CallUs, LinkPageFrame, LinkProblem, DoneNotice } from './booking-link-parts';

/**
 * `/free-assessment/waiting?token=…` (issue 51): a time came free on the days a family on the
 * waiting list asked for. The change page's way (ChangeBookingPage): the family's days with their
 * free times in the booking page's picker (`ChangePicker`, for a claim), each day and time a
 * button posting the token back to this page in the form's body, in place with script; a time
 * picked is confirmed by a form posting to this page, which books it with the details the family
 * gave once (nothing to fill in again). Opening the link or choosing a day or time changes nothing.
 */
export function WaitingClaimPage() {
  const view = useWaitingList();
  if (view?.page !== 'claim') return <ClaimProblem reason="not-valid" />;
  switch (view.state) {
    case 'refused':
      return <ClaimProblem reason={view.reason} />;
    case 'failed':
      return <LinkProblem message={view.message} />;
    case 'booked':
      return (
        <LinkPageFrame title="Your free assessment is booked">
          <DoneNotice
            lead={
              <>
                Your free assessment is booked for <strong>{ukTimeInWords(view.startsAt)}</strong>.
              </>
            }
          >
            <p className="mt-2 text-slate-700">
              A confirmation e-mail is on its way, with an invitation for your calendar and links to change or cancel
              the time. Your place on the waiting list has ended, as you now have a time.
            </p>
          </DoneNotice>
        </LinkPageFrame>
      );
    case 'choose': {
      const { token, firstName, email, from, to, days, day, picked, taken, notOffered, notice } = view;
      const open = days.find((offered) => offered.date === day);
      // The island's start: the dates alone and the open day's times (the token stays in the forms' bodies).
      const start: ChangeStart = {
        purpose: 'claim',
        token,
        range: { from, to },
        days: days.map((offered) => offered.date),
        ...(open && { day: open.date, times: open.times }),
        ...(picked && { picked }),
        ...(taken && { taken }),
        ...(notOffered && { notOffered }),
        ...(notice && { notice }),
      };
      return (
        <LinkPageFrame title="Book the time that has come free">
          <p className="text-lg text-slate-900">
            Hello {firstName}. A time has come free on <strong>{periodInWords(from, to)}</strong>,{' '}
            {from === to ? 'the day you asked for' : 'the days you asked for'}.
          </p>
          <p className="mt-2 text-slate-700">
            We already have your details, so there is nothing to fill in: choose a time and we will send the
            confirmation to <strong className="break-all">{email}</strong>. Other families on the waiting list have been
            told too, and the first to book a time gets it.
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

/** A claim link that names no place (404), or a place that has ended (410), with the phone to call. */
function ClaimProblem({ reason }: { reason: ClaimRefusal }) {
  const { details } = useSiteFacts();
  if (reason === 'not-valid') {
    return (
      <LinkPageFrame title="This link is not valid">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-lg text-slate-700">{waitingListMessages.unknownClaim}</p>
          <p className="mt-2 text-slate-700">
            If you have already booked a time with it, your confirmation e-mail has the time and the links to change or
            cancel it.
          </p>
          <BookAnotherTime label="Book a free assessment" />
          <CallUs />
        </div>
      </LinkPageFrame>
    );
  }
  return (
    <LinkPageFrame title="This waiting-list place has ended">
      <div className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
        <p className="text-lg text-slate-900">
          Its days have passed, or a time was booked with it, so this link can no longer book a time.
        </p>
        <p className="mt-4 text-lg text-slate-900">
          Please call us on{' '}
          <a
            href={centreTelHref(details)}
            className="font-bold whitespace-nowrap text-blue-800 underline underline-offset-4"
          >
            {details.phone}
          </a>{' '}
          and we will help you find a time, or book any free time online.
        </p>
        <BookAnotherTime label="Book a free assessment" />
      </div>
    </LinkPageFrame>
  );
}
