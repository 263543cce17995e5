import {
  type OpeningHours,
  announcedClosures,
  describeClosure,
  formatClockTime,
} from '../../../shared/site-facts/site-facts';

/**
 * The contact page's opening hours (docs/product.md#contact-page: 'Mon-Fri' '4:00 PM-8:00 PM'), then the
 * closures and special hours announced on `today` (London), if any, and the link to subscribe
 * to them all (/calendar.ics, issue 41). Server-rendered text only:
 * a closure appears and drops off at midnight because the page cache's key carries the date.
 */
export function OpeningHoursList({ hours, today }: { hours: OpeningHours; today: string }) {
  const closures = announcedClosures(hours.closures, today);
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
        {hours.shown.map((entry, index) => (
          <div key={`${index}-${entry.days}`} className="contents">
            <dt className="font-semibold">{entry.days}</dt>
            <dd>{`${formatClockTime(entry.opens)}-${formatClockTime(entry.closes)}`}</dd>
          </div>
        ))}
      </dl>
      {closures.length > 0 && (
        <section aria-labelledby="closures-heading" className="mt-5 rounded-lg bg-amber-50 p-4 text-slate-800">
          <h3 id="closures-heading" className="font-semibold text-slate-900">
            Closures and special hours
          </h3>
          <ul className="mt-2 grid gap-1">
            {closures.map((closure) => (
              <li key={closure.id}>{describeClosure(closure, today)}</li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-4">
        <a href="/calendar.ics" className="font-medium text-blue-700 underline hover:text-blue-900">
          Add our closures to your calendar
        </a>
      </p>
    </>
  );
}
