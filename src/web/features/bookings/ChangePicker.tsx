import { useEffect, useState } from 'react';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { choiceMessages } from '../../../shared/bookings/page-choice';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { ukTimeInWords } from '../../../shared/time-words';
import { utcToLondonLocal } from '../../../shared/london-time';
import { paths } from '../../../shared/routes';
import { fetchOfferedTimes } from './api';
import { NearestTimes, TimePicker, inPlace } from './TimePicker';

/**
 * What the picker starts from, as the server drew it for this request: what it is for, the link's
 * token (posted back in each form's body, never put in an address), the booking's own time, the
 * dates with another free time, the day open with its times, the time picked to confirm, and
 * what the last post met. Travels as the island's props: the dates alone, and one day's times.
 */
export interface ChangeStart {
  /**
   * Moving a booking by its change link (the default), or booking a time come free by a waiting
   * list's claim link (issue 51): each posts to its own page, in its own words.
   */
  purpose?: Purpose;
  token: string;
  /** The booking's time now: no time to move to (the change link). */
  startsAt?: string;
  /** The family's days (the claim link): times read afresh outside them are not offered. */
  range?: { from: string; to: string };
  days: string[];
  day?: string;
  times?: OfferedTime[];
  picked?: OfferedTime;
  /** The time asked for went to someone else first: the nearest free ones. */
  taken?: OfferedTime[];
  notOffered?: true;
  notice?: string;
}

/** The same day and times, nothing picked and nothing said: back to the times. */
const withoutPick = ({
  picked: _picked,
  notice: _notice,
  taken: _taken,
  notOffered: _notOffered,
  ...rest
}: ChangeStart) => rest;

/** The London date of an offered time. */
const londonDay = (offered: OfferedTime) => utcToLondonLocal(offered.start).slice(0, 10);

type Purpose = 'change' | 'claim';

/** Where each purpose posts, and what it says. */
const wordings: Readonly<
  Record<
    Purpose,
    { action: string; heading: string; question: (time: string) => string; confirm: string; noTimes: string }
  >
> = {
  change: {
    action: paths.freeAssessmentChange,
    heading: 'Choose a new time',
    question: (time) => `Move your assessment to ${time}?`,
    confirm: 'Move to this time',
    noTimes: 'There are no other free times in the coming weeks. Please call us.',
  },
  claim: {
    action: paths.freeAssessmentWaiting,
    heading: 'Choose a time',
    question: (time) => `Book your assessment for ${time}?`,
    confirm: 'Book this time',
    noTimes:
      'The times that came free on your days have been booked by other families. You are still on the waiting list: we will e-mail you as soon as another time comes free.',
  },
};

const secondaryButton =
  'cursor-pointer rounded-full border border-blue-700 px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50';
const primaryButton =
  'cursor-pointer rounded-full bg-blue-700 px-6 py-3 text-center font-semibold text-white shadow hover:bg-blue-800 focus-visible:outline-3 focus-visible:outline-offset-2';

/**
 * Moving a booked assessment from its change link (issue 41, issue 51), or booking a time come
 * free from a waiting list's claim link (issue 51): the booking page's day then time picker
 * (`TimePicker`), and a form to confirm the time picked. Without script each choice is a button
 * posting the token in the body to the page itself, which draws the next step; once hydrated the
 * day and the time are chosen in place, the times read fresh (no-store) at each choice. Moving or
 * booking is always the form's post: the server answers it, a time taken meanwhile included.
 */
export function ChangePicker(start: ChangeStart) {
  const [state, setState] = useState(start);
  const [focusId, setFocusId] = useState<string>();
  const { purpose = 'change', token, startsAt, range, days, day, times, picked, taken, notOffered, notice } = state;
  const wording = wordings[purpose];
  const { action } = wording;

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const show = (next: ChangeStart, focus: string) => {
    setState(next);
    setFocusId(focus);
  };

  /** A day or a time chosen in place: the times read afresh, since any may have gone. */
  const pick = async (date: string, offered?: OfferedTime) => {
    // What the picker is for stays: the purpose, the token, the booking's time, the family's days.
    const base = {
      token,
      ...(state.purpose && { purpose: state.purpose }),
      ...(startsAt && { startsAt }),
      ...(range && { range }),
    };
    try {
      const fresh = (await fetchOfferedTimes()).days
        .filter((offeredDay) => !range || (range.from <= offeredDay.date && offeredDay.date <= range.to))
        .map((offeredDay) => ({ ...offeredDay, times: offeredDay.times.filter((time) => time.start !== startsAt) }))
        .filter((offeredDay) => offeredDay.times.length > 0);
      const dates = fresh.map((offeredDay) => offeredDay.date);
      const found = fresh.find((offeredDay) => offeredDay.date === date);
      if (!found) return show({ ...base, days: dates, notice: choiceMessages.noTimesOn(date) }, 'change-notice');
      const still = offered && found.times.find((candidate) => candidate.start === offered.start);
      if (offered && !still) {
        const next = { ...base, days: dates, day: date, times: found.times };
        return show({ ...next, notice: choiceMessages.noLongerFree(date, offered.time) }, 'change-notice');
      }
      const next = { ...base, days: dates, day: date, times: found.times, ...(still && { picked: still }) };
      show(next, still ? 'change-confirm-heading' : 'change-times');
    } catch {
      show({ ...state, notice: 'We could not load the times. Please try again, or call us.' }, 'change-notice');
    }
  };

  const hidden = <input type="hidden" name="token" value={token} />;
  // The nearest free times but its own, in the order of the day rather than of their distance.
  const nearest = taken?.filter((time) => time.start !== startsAt).sort((a, b) => a.start.localeCompare(b.start));
  return (
    <div className="grid gap-6">
      {nearest && (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
          <p className="font-semibold text-slate-900">{timeTakenMessage}</p>
          {nearest.length > 0 ? (
            <form method="post" action={action}>
              {hidden}
              <NearestTimes
                times={nearest}
                name="at"
                formAction={`${action}#change-confirm-heading`}
                onPick={(offered) => void pick(londonDay(offered), offered)}
              />
            </form>
          ) : (
            <p className="mt-2 text-slate-700">There are no other free times at the moment.</p>
          )}
        </div>
      )}
      {notOffered && (
        <p role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-slate-900">
          That time is not offered. Please choose one of the times shown.
        </p>
      )}
      {notice && (
        <p
          id="change-notice"
          tabIndex={-1}
          role="alert"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-slate-900"
        >
          {notice}
        </p>
      )}
      {picked && (
        <section
          aria-labelledby="change-confirm-heading"
          className="rounded-2xl border-2 border-blue-700 bg-white p-6 shadow-sm"
        >
          <h2 id="change-confirm-heading" tabIndex={-1} className="scroll-mt-24 text-xl font-bold text-slate-900">
            {wording.question(ukTimeInWords(picked.start))}
          </h2>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <form method="post" action={action}>
              {hidden}
              <input type="hidden" name="startsAt" value={picked.start} />
              <button type="submit" className={primaryButton}>
                {wording.confirm}
              </button>
            </form>
            <form method="post" action={action}>
              {hidden}
              <button
                type="submit"
                name="day"
                value={londonDay(picked)}
                formAction={`${action}#change-times`}
                className={secondaryButton}
                onClick={(event) => inPlace(event, () => show(withoutPick(state), 'change-times'))}
              >
                Choose another time
              </button>
            </form>
          </div>
        </section>
      )}
      <section aria-labelledby="change-choose-heading">
        <h2 id="change-choose-heading" className="mb-4 text-xl font-bold text-slate-900">
          {wording.heading}
        </h2>
        {days.length > 0 ? (
          <TimePicker
            idPrefix="change"
            days={days}
            day={day}
            times={times}
            time={picked?.time}
            postTo={{ action, fields: { token }, afterDay: 'change-times', afterTime: 'change-confirm-heading' }}
            onPick={(date, offered) => void pick(date, offered)}
          />
        ) : (
          <p className="text-slate-700">{wording.noTimes}</p>
        )}
      </section>
    </div>
  );
}
