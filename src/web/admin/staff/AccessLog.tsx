import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccessLogEntry } from '../../../shared/access-log/access-log';
import { actionWords, targetWords } from '../../../shared/access-log/wording';
import { ADMIN_KEY_NAME } from '../../../shared/staff/display-names';
import { enquiryNumberError } from '../../../shared/access-log/schemas';
import { useStaffApi } from './api';
import { formatAdminDate } from '../ui/date-format';
import { staffQueries } from './queries';

/**
 * Beside the name, what no one else shares (issue 36): a person's e-mail address, a token's
 * number. Names may look alike; the key and strangers have fixed names nobody may take.
 */
function actorMark(entry: AccessLogEntry): string | null {
  if (entry.actor.kind === 'account') return entry.actor.email;
  if (entry.actor.kind === 'token' && entry.actor.id !== null) return `API token ${entry.actor.id}`;
  return null;
}

const outcomeWords = (entry: AccessLogEntry) => (entry.outcome === 'ok' ? 'Done' : 'Refused');

/** Who, one line each and isolated: a name cannot reorder or run into what is beside it. */
function Actor({ entry }: { entry: AccessLogEntry }) {
  const mark = actorMark(entry);
  return (
    <>
      <bdi className="block">{entry.actor.name}</bdi>
      {mark && <bdi className="block break-all text-xs text-slate-600">{mark}</bdi>}
    </>
  );
}

/**
 * The access log (decision 0058): who read, exported or changed what, and every sign-in, newest
 * first, filtered by person and by enquiry. It holds no parent's data: enquiries by number only.
 */
export function AccessLog() {
  const staff = useStaffApi();
  const accounts = useQuery(staffQueries.accounts(staff));
  const [actor, setActor] = useState('');
  const [enquiry, setEnquiry] = useState('');
  const [page, setPage] = useState(1);
  // A name typed as the number is said at the field, never taken as "no filter" (which would show everything).
  const enquiryProblem = enquiryNumberError(enquiry);
  const query = { actor: actor || undefined, enquiry: enquiry || undefined, page };
  const log = useQuery({
    ...staffQueries.accessLog(staff, query),
    placeholderData: keepPreviousData,
    enabled: enquiryProblem === null,
  });
  const entries = log.data?.items ?? [];
  return (
    <section aria-labelledby="access-log-heading">
      <h2 id="access-log-heading" className="text-xl font-semibold text-slate-900">
        Access log
      </h2>
      <p className="mt-1 text-slate-700">
        Kept for a year. Enquiries are named by their number only; filtering by one also finds the lists and exports
        that showed it.
      </p>
      <div className="mt-3 flex flex-wrap gap-4">
        <label className="block min-w-0 max-w-full">
          <span className="block font-medium text-slate-900">Person</span>
          <select
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(1);
            }}
            className="mt-1 w-full max-w-full rounded-md border border-slate-400 px-3 py-2 sm:w-auto"
          >
            <option value="">Everyone</option>
            {(accounts.data ?? []).map((account) => (
              <option key={account.id} value={`account:${account.id}`}>
                {account.name} ({account.email})
              </option>
            ))}
            <option value="key">{ADMIN_KEY_NAME}</option>
          </select>
        </label>
        <label className="block">
          <span className="block font-medium text-slate-900">Enquiry number</span>
          <input
            inputMode="numeric"
            aria-invalid={enquiryProblem !== null}
            aria-describedby={enquiryProblem ? 'access-log-enquiry-error' : undefined}
            value={enquiry}
            onChange={(event) => {
              setEnquiry(event.target.value.trim());
              setPage(1);
            }}
            className="mt-1 w-32 rounded-md border border-slate-400 px-3 py-2"
          />
          {enquiryProblem && (
            <span id="access-log-enquiry-error" className="mt-1 block text-sm text-red-700">
              {enquiryProblem}
            </span>
          )}
        </label>
      </div>
      {log.isError && <p role="alert">Could not load the access log.</p>}
      {enquiryProblem === null && (
        <>
          {/* A table where there is room; on a phone each entry is a card, with nothing to scroll sideways. */}
          <table className="mt-3 hidden w-full text-left text-sm md:table">
            <thead>
              <tr className="border-b border-slate-300">
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">Which</th>
                <th className="py-2 pr-3">From</th>
                <th className="py-2">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-100">
                  <td className="whitespace-nowrap py-2 pr-3">{formatAdminDate(entry.at)}</td>
                  <td className="py-2 pr-3">
                    <Actor entry={entry} />
                  </td>
                  <td className="py-2 pr-3">{actionWords(entry)}</td>
                  <td className="py-2 pr-3">
                    <bdi>{targetWords(entry)}</bdi>
                  </td>
                  <td className="py-2 pr-3 font-mono">{entry.address ?? ''}</td>
                  <td className="py-2">{outcomeWords(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol className="mt-3 space-y-2 md:hidden" aria-label="Access log entries">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  {actionWords(entry)}
                  {entry.outcome === 'refused' && <span className="font-normal text-red-800"> (refused)</span>}
                </p>
                {targetWords(entry) && (
                  <p className="text-slate-800">
                    <bdi>{targetWords(entry)}</bdi>
                  </p>
                )}
                <div className="mt-1 text-slate-700">
                  <Actor entry={entry} />
                </div>
                <p className="text-slate-700">
                  {formatAdminDate(entry.at)}
                  {entry.address && <span className="break-all font-mono"> from {entry.address}</span>}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
      {enquiryProblem === null && log.data && log.data.pageCount > 1 && (
        <div className="mt-3 flex items-center gap-3">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded-md border px-3 py-1 disabled:opacity-50"
          >
            Newer
          </button>
          <span>
            Page {log.data.page} of {log.data.pageCount}
          </span>
          <button
            type="button"
            disabled={page >= log.data.pageCount}
            onClick={() => setPage(page + 1)}
            className="rounded-md border px-3 py-1 disabled:opacity-50"
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}
