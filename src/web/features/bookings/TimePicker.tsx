import type { MouseEvent, ReactNode } from 'react';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { clockInWords, dayInWords, timeInWords, ukTimeNote } from '../../../shared/time-words';

export interface TimePickerProps {
  /** The London dates with a free time ('2026-12-01'), in order. */
  days: readonly string[];
  /** The day chosen, and its free times (none yet: only the days show). */
  day?: string | undefined;
  times?: readonly OfferedTime[] | undefined;
  /** The time chosen ('16:00'), marked as the current one. */
  time?: string | undefined;
  /** Each choice's address: plain links, so a parent without script moves on by following them. */
  hrefFor?: (day: string, time?: string) => string;
  /**
   * Or each choice a button of one form that posts `fields` to `action`, a day as `day` and a time
   * as `at` (its instant): the change page, whose token travels in the body, never in an address.
   * The answer opens at `afterDay` or `afterTime` (an element's id), not at the top of the page.
   */
  postTo?: { action: string; fields: Readonly<Record<string, string>>; afterDay?: string; afterTime?: string };
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

/** Where a choice posts: the form's address, opened at an element when one is named. */
const answerAt = (action: string, id: string | undefined) => (id ? `${action}#${id}` : action);

/** One choice: a link to its address, or a button posting its value; in place with script either way. */
function Choice({
  href,
  post,
  current,
  onClick,
  children,
}: {
  href: string | undefined;
  post: { name: string; value: string; action: string } | undefined;
  current: boolean;
  onClick: ((event: MouseEvent) => void) | undefined;
  children: ReactNode;
}) {
  const marked = current ? 'true' : undefined;
  return post ? (
    <button
      type="submit"
      name={post.name}
      value={post.value}
      formAction={post.action}
      className="choice-link w-full cursor-pointer"
      aria-current={marked}
      onClick={onClick}
    >
      {children}
    </button>
  ) : (
    <a href={href} className="choice-link" aria-current={marked} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * The nearest free times after the one picked was taken (a 409), as buttons of the form around
 * them: without script each posts its instant as `name` (to `formAction` when given); with script
 * `onPick` picks it in place. The booking page and the change page both show them.
 */
export function NearestTimes({
  times,
  name,
  formAction,
  onPick,
}: {
  times: readonly OfferedTime[];
  name: string;
  formAction?: string;
  onPick: (time: OfferedTime) => void;
}) {
  return (
    // A day and a time each: one to a row on a phone, where two would break them into three lines.
    <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {times.map((offered) => (
        <li key={offered.start}>
          <button
            type="submit"
            name={name}
            value={offered.start}
            formAction={formAction}
            className="choice-link w-full cursor-pointer bg-white"
            onClick={(event) => inPlace(event, () => onPick(offered))}
          >
            {timeInWords(offered.start)}
          </button>
        </li>
      ))}
    </ul>
  );
}

// Large targets: each at least 48 px high, two to a row on a phone (.choice-link in styles.css).
/**
 * The day, then the time, of a free assessment, each a list of links (or of a form's buttons) in
 * UK time (issue 41). The booking on /free-assessment and the change page use it: give it the
 * offered days and where each choice leads, and optionally what to do in place.
 */
export function TimePicker({ days, day, times, time, hrefFor, postTo, onPick, idPrefix }: TimePickerProps) {
  const picker = (
    <div className="grid gap-6">
      <div>
        <h3 id={`${idPrefix}-days`} tabIndex={-1} className="mb-3 text-lg font-bold text-slate-900">
          Choose a day
        </h3>
        <ul className="choice-grid" aria-labelledby={`${idPrefix}-days`}>
          {days.map((date) => (
            <li key={date}>
              <Choice
                href={hrefFor?.(date)}
                post={postTo && { name: 'day', value: date, action: answerAt(postTo.action, postTo.afterDay) }}
                current={date === day}
                onClick={onPick && ((event) => inPlace(event, () => onPick(date)))}
              >
                {dayInWords(date)}
              </Choice>
            </li>
          ))}
        </ul>
      </div>
      {day && times && (
        <div>
          <h3 id={`${idPrefix}-times`} tabIndex={-1} className="mb-3 scroll-mt-24 text-lg font-bold text-slate-900">
            Choose a time on {dayInWords(day)} <span className="font-normal text-slate-700">{ukTimeNote}</span>
          </h3>
          <ul className="choice-grid" aria-labelledby={`${idPrefix}-times`}>
            {times.map((offered) => (
              <li key={offered.start}>
                <Choice
                  href={hrefFor?.(day, offered.time)}
                  post={
                    postTo && { name: 'at', value: offered.start, action: answerAt(postTo.action, postTo.afterTime) }
                  }
                  current={offered.time === time}
                  onClick={onPick && ((event) => inPlace(event, () => onPick(day, offered)))}
                >
                  {clockInWords(offered.time)}
                </Choice>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
  if (!postTo) return picker;
  return (
    <form method="post" action={postTo.action}>
      {Object.entries(postTo.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {picker}
    </form>
  );
}
