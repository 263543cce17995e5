import { changeAddress } from '../../../shared/bookings/link-pages';
import type { OfferedDay, OfferedTime } from '../../../shared/bookings/slots';
import { londonDate } from '../../../shared/london-time';

/**
 * The change page's plain day and time lists (issue 41): days, then the open day's times, each a
 * link to the same page (`?token=…&day=…`, `&at=…`), so they work without script. Kept apart from
 * the booking page's time picker, which may replace it here later: the page hands it the offered
 * days, the day open, and the address of a day or a time.
 */
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** A London date in words ('Monday 30 November'), read at its noon so no time zone moves it. */
export const dayInWords = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(/,/g, '');

const linkClass =
  'block rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-blue-800 underline-offset-4 hover:border-blue-700 hover:underline';
const currentClass = 'block rounded-lg border-2 border-blue-700 bg-blue-50 px-4 py-3 font-semibold text-slate-900';

export function ChangeTimes({
  token,
  days,
  day,
}: {
  token: string;
  days: readonly OfferedDay[];
  day?: string | undefined;
}) {
  const open = days.find((offered) => offered.date === day);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="change-days-heading">
        <h2 id="change-days-heading" className="text-xl font-bold text-slate-900">
          1. Choose a day
        </h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {days.map((offered) => (
            <li key={offered.date}>
              <a
                href={changeAddress(token, { day: offered.date })}
                className={offered.date === open?.date ? currentClass : linkClass}
                aria-current={offered.date === open?.date ? 'true' : undefined}
              >
                {dayInWords(offered.date)}
                <span className="block text-sm font-normal text-slate-600">
                  {offered.times.length === 1 ? '1 time free' : `${offered.times.length} times free`}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="change-times-heading">
        <h2 id="change-times-heading" className="text-xl font-bold text-slate-900">
          {open ? `2. Choose a time on ${dayInWords(open.date)}` : '2. Choose a time'}
        </h2>
        {open ? (
          <ChangeTimeLinks token={token} times={open.times} />
        ) : (
          <p className="mt-4 text-slate-700">Choose a day first to see its free times.</p>
        )}
      </section>
    </div>
  );
}

/** Times as links to confirm one (UK time): the open day's, or the nearest free ones when a time was taken. */
export function ChangeTimeLinks({
  token,
  times,
  withDay,
}: {
  token: string;
  times: readonly OfferedTime[];
  withDay?: true;
}) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
      {times.map((time) => (
        <li key={time.start}>
          <a href={changeAddress(token, { at: time.start })} className={linkClass}>
            {withDay && (
              <span className="block text-sm font-normal text-slate-600">
                {dayInWords(londonDate(new Date(time.start)))}
              </span>
            )}
            {time.time}
          </a>
        </li>
      ))}
    </ul>
  );
}
