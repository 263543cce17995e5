import type { MouseEvent } from 'react';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { clockInWords, dayInWords } from '../../../shared/bookings/words';

export interface TimePickerProps {
  /** The London dates with a free time ('2026-12-01'), in order. */
  days: readonly string[];
  /** The day chosen, and its free times (none yet: only the days show). */
  day?: string | undefined;
  times?: readonly OfferedTime[] | undefined;
  /** The time chosen ('16:00'), marked as the current one. */
  time?: string | undefined;
  /** Each choice's address: plain links, so a parent without script moves on by following them. */
  hrefFor: (day: string, time?: string) => string;
  /** With script: the choice made in place instead (the link is not followed). */
  onPick?: (day: string, time?: OfferedTime) => void;
  /** The ids of the two headings, which the island moves focus to; unique on the page. */
  idPrefix: string;
}

/** A plain click on a link, handled in place; any other (a new tab, a modifier key) is the browser's. */
export const inPlace = (event: MouseEvent, pick: () => void) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  pick();
};

// Large targets: each at least 48 px high, two to a row on a phone (.choice-link in styles.css).
/**
 * The day, then the time, of a free assessment, each a list of links in UK time (issue 41). The
 * booking on /free-assessment uses it, and the change page can: give it the offered days and
 * where each choice leads, and optionally what to do in place.
 */
export function TimePicker({ days, day, times, time, hrefFor, onPick, idPrefix }: TimePickerProps) {
  return (
    <div className="grid gap-6">
      <div>
        <h3 id={`${idPrefix}-days`} tabIndex={-1} className="mb-3 text-lg font-bold text-slate-900">
          Choose a day
        </h3>
        <ul className="choice-grid" aria-labelledby={`${idPrefix}-days`}>
          {days.map((date) => (
            <li key={date}>
              <a
                href={hrefFor(date)}
                className="choice-link"
                aria-current={date === day ? 'true' : undefined}
                onClick={onPick && ((event) => inPlace(event, () => onPick(date)))}
              >
                {dayInWords(date)}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {day && times && (
        <div>
          <h3 id={`${idPrefix}-times`} tabIndex={-1} className="mb-3 text-lg font-bold text-slate-900">
            Choose a time on {dayInWords(day)} <span className="font-normal text-slate-700">(UK time)</span>
          </h3>
          <ul className="choice-grid" aria-labelledby={`${idPrefix}-times`}>
            {times.map((offered) => (
              <li key={offered.start}>
                <a
                  href={hrefFor(day, offered.time)}
                  className="choice-link"
                  aria-current={offered.time === time ? 'true' : undefined}
                  onClick={onPick && ((event) => inPlace(event, () => onPick(day, offered)))}
                >
                  {clockInWords(offered.time)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
