import { useEffect, useState } from 'react';
import { bookingAddress, choiceMessages, pickAnotherField } from '../../../shared/bookings/page-choice';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { waitingListAddress } from '../../../shared/bookings/waiting-list-pages';
import { dayInWords, ukTimeInWords } from '../../../shared/time-words';
import { utcToLondonLocal } from '../../../shared/london-time';
import { paths } from '../../../shared/routes';
import { type BookingDetails, BookingDetailsForm, detailFields } from './BookingDetailsForm';
import type { BookingStart } from './booking-start';
import { bookTime, fetchOfferedTimes } from './api';
import { NearestTimes, TimePicker } from './TimePicker';

/** The London date of an offered time. */
const londonDay = (offered: OfferedTime) => utcToLondonLocal(offered.start).slice(0, 10);

const linkClass = 'font-semibold text-blue-800 underline underline-offset-4';

/** The way onto the waiting list (issue 51), for `day` when it is full, else for the days the parent chooses there. */
const JoinWaitingList = ({ day, before, after }: { day?: string | undefined; before?: string; after: string }) => (
  <p className="mt-2 text-slate-700">
    {before && `${before} `}
    <a href={waitingListAddress(day)} className={linkClass}>
      {day ? `Join the waiting list for ${dayInWords(day)}` : 'Join the waiting list'}
    </a>{' '}
    {after}
  </p>
);

/**
 * Booking the free assessment on /free-assessment (issue 41): a day, a time, the details, the
 * answer. The server draws each step from the address (plain links and a posted form, so it works
 * without script); once hydrated, the same steps happen in place through the API, the times read
 * fresh (no-store) at each choice of day.
 */
export function BookingPicker(start: BookingStart) {
  const [state, setState] = useState(start);
  const [focusId, setFocusId] = useState<string>();
  const { days, day, times, time, booked, notice, full, posted } = state;

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const show = (next: BookingStart, focus: string) => {
    setState(next);
    setFocusId(focus);
  };

  /** A day or a time chosen in place: the times read afresh each time, since any may have gone. */
  const pick = async (date: string, offered?: OfferedTime) => {
    try {
      const fresh = await fetchOfferedTimes();
      const dates = fresh.days.map((offeredDay) => offeredDay.date);
      const found = fresh.days.find((offeredDay) => offeredDay.date === date);
      if (!found) return show({ days: dates, notice: choiceMessages.noTimesOn(date), full: date }, 'booking-notice');
      const still = offered && found.times.find((candidate) => candidate.start === offered.start);
      if (offered && !still) {
        const notice = choiceMessages.noLongerFree(date, offered.time);
        return show({ days: dates, day: date, times: found.times, notice }, 'booking-notice');
      }
      // Details typed before a time was taken stay for the next one.
      const kept = state.posted && { posted: { values: state.posted.values, errors: {} } };
      const next = { days: dates, day: date, times: found.times, ...(still && { time: still }), ...kept };
      show(next, still ? 'booking-details-heading' : 'booking-times');
    } catch {
      show({ ...state, notice: 'We could not load the times. Please try again, or call us.' }, 'booking-notice');
    }
  };

  const send = async (details: BookingDetails) => {
    const answer = await bookTime(details);
    if (answer.kind === 'booked') {
      show({ days, booked: answer.booked.startsAt }, 'booking-answer');
      return true;
    }
    if (answer.kind === 'taken') {
      // The details stay: they fill the form again once another time is picked.
      const values: Record<string, string> = { ...details };
      delete values.startsAt;
      delete values.website;
      const posted = { values, errors: {}, nearest: answer.nearest };
      show({ days, day, times, posted, notice: answer.message }, 'booking-notice');
      return false;
    }
    setState({ ...state, notice: answer.message });
    setFocusId('booking-notice');
    return false;
  };

  if (booked) {
    return (
      <div
        id="booking-answer"
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-green-700 bg-green-50 p-4 text-slate-900"
      >
        <p className="font-semibold">Your free assessment is booked for {ukTimeInWords(booked)}.</p>
        <p className="mt-2">
          A confirmation e-mail is on its way, with an invitation for your calendar and links to change or cancel the
          time.
        </p>
      </div>
    );
  }
  // The nearest free times, in the order of the day rather than of their distance.
  const nearest = posted?.nearest && [...posted.nearest].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <div className="grid gap-6">
      {notice && (
        <div
          id="booking-notice"
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-800"
        >
          <p className="font-medium">{notice}</p>
          {full && <JoinWaitingList day={full} after="and we will e-mail you if a time comes free that day." />}
          {notice === timeTakenMessage && nearest && nearest.length > 0 && (
            // Without script, each time posts the details typed with it (the server answers with
            // that time's details form, filled in): never in an address, never typed twice.
            <form method="post" action={paths.freeAssessment}>
              {detailFields.map((name) => (
                <input key={name} type="hidden" name={name} value={posted.values[name] ?? ''} />
              ))}
              <NearestTimes
                times={nearest}
                name={pickAnotherField}
                onPick={(offered) => void pick(londonDay(offered), offered)}
              />
            </form>
          )}
        </div>
      )}
      {days.length === 0 ? (
        <div>
          <p className="text-slate-700">{choiceMessages.noDays}</p>
          <JoinWaitingList after="and we will e-mail you as soon as a time comes free on the days you can come." />
        </div>
      ) : (
        <TimePicker
          idPrefix="booking"
          days={days}
          day={day}
          times={times}
          time={time?.time}
          hrefFor={bookingAddress}
          onPick={(date, offered) => void pick(date, offered)}
        />
      )}
      {days.length > 0 && !time && !full && (
        <JoinWaitingList
          before="No time that suits you?"
          after="and we will e-mail you when one comes free on the days you can come."
        />
      )}
      {time && day && <BookingDetailsForm time={time} posted={posted} send={send} changeHref={bookingAddress(day)} />}
    </div>
  );
}
