import { useId, useState } from 'react';
import type { InsightsDay } from '../../../shared/analytics/insights';
import { dayLabel, whole } from './format';

type Measure = 'visitors' | 'views' | 'enquiries';

const WIDTH = 600;
const HEIGHT = 160;

/** The points of one period's line across the whole width, scaled to `top`. */
function points(days: readonly InsightsDay[], measure: Measure, top: number): string {
  const step = days.length > 1 ? WIDTH / (days.length - 1) : 0;
  return days
    .map((day, index) => `${(index * step).toFixed(1)},${(HEIGHT - (day[measure] / top) * HEIGHT).toFixed(1)}`)
    .join(' ');
}

/**
 * One measure per day as a line, with the previous period's (the same number of days just before)
 * dashed beside it. Drawn here as SVG (decision 0070): no chart library, no server drawing. The
 * drawing is an image with a summary for screen readers; "Show as table" gives every figure.
 */
export function DayChart({
  title,
  measure,
  days,
  previousDays,
}: {
  title: string;
  measure: Measure;
  days: readonly InsightsDay[];
  previousDays: readonly InsightsDay[];
}) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const total = days.reduce((sum, day) => sum + day[measure], 0);
  const previousTotal = previousDays.reduce((sum, day) => sum + day[measure], 0);
  const highest = Math.max(...days.map((day) => day[measure]), ...previousDays.map((day) => day[measure]), 0);
  // A round top for the scale, so the line never touches the frame.
  const top = Math.max(1, Math.ceil(highest * 1.1));
  const first = days[0]!;
  const last = days.at(-1)!;
  const summary =
    `${title} per day from ${dayLabel(first.day)} to ${dayLabel(last.day)}: ${whole(total)} in all, ` +
    `against ${whole(previousTotal)} in the ${days.length} days before. The highest day had ${whole(highest)}.`;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-col">
        <span className="text-lg font-semibold text-slate-900">{title} per day</span>
        <span className="text-sm text-slate-700">
          {whole(total)} <span className="text-slate-600">(period before: {whole(previousTotal)})</span>
        </span>
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-slate-600" aria-hidden="true">
          <span>{whole(top)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible border-b border-l border-slate-300"
          role="img"
          aria-label={summary}
        >
          <polyline
            points={points(previousDays, measure, top)}
            fill="none"
            stroke="#64748b"
            strokeWidth="1.5"
            strokeDasharray="4 3"
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            points={points(days, measure, top)}
            fill="none"
            stroke="#1d4ed8"
            strokeWidth="2.5"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-6 text-xs text-slate-600" aria-hidden="true">
        <span>{dayLabel(first.day)}</span>
        <span>{dayLabel(last.day)}</span>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-700" aria-hidden="true">
          <span>
            <span className="mr-1 inline-block h-0.5 w-5 bg-blue-700 align-middle" /> This period
          </span>
          <span>
            <span className="mr-1 inline-block w-5 border-t-2 border-dashed border-slate-500 align-middle" /> The{' '}
            {days.length} days before
          </span>
        </p>
        <button
          type="button"
          aria-expanded={table}
          aria-controls={tableId}
          onClick={() => setTable((shown) => !shown)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          {table ? 'Hide table' : 'Show as table'}
          <span className="sr-only"> of {title.toLowerCase()} per day</span>
        </button>
      </div>
      <div id={tableId} hidden={!table} className="mt-3 max-h-96 overflow-auto" tabIndex={table ? 0 : undefined}>
        {table && (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title} per day, with the same day of the period before</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  {title}
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Day before
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {title} then
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {dayLabel(day.day)}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{whole(day[measure])}</td>
                  <td className="py-1 pr-3">{previousDays[index] ? dayLabel(previousDays[index].day) : ''}</td>
                  <td className="py-1 text-right tabular-nums">
                    {previousDays[index] ? whole(previousDays[index][measure]) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}
