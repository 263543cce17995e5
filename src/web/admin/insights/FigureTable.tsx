import { type ReactNode, useId } from 'react';

/** The columns holding words: every other column holds figures, right-aligned so their digits line up. */
const wordColumns = new Set(['Page', 'Channel', 'Source', 'Campaign', 'Medium', 'Step', 'Week']);
const isFigures = (label: string) => !wordColumns.has(label);

/** A table under its heading; on a narrow screen it scrolls sideways within its box. */
export function FigureTable({
  title,
  caption,
  head,
  rows,
  empty,
  emptyText = 'No visits in this period.',
}: {
  title: string;
  caption: string;
  head: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  empty: boolean;
  emptyText?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {empty ? (
        <p className="mt-2 text-slate-700">{emptyText}</p>
      ) : (
        <div
          className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-label={`${title} (scrolls sideways on a narrow screen)`}
        >
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50">
              <tr>
                {head.map((label) => (
                  <th
                    key={label}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${isFigures(label) ? 'text-right' : ''}`}
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="px-3 py-2 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={index}
                        className={`px-3 py-2 ${isFigures(head[index]!) ? 'text-right tabular-nums' : ''}`}
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
