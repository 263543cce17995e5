import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccessLogEntry } from '../../../shared/access-log/access-log';
import { useAdminApi } from '../session';
import { formatAdminDate } from '../ui/date-format';
import { staffQueries } from './queries';

const targetText = (entry: AccessLogEntry) => (entry.target ? `${entry.target.kind} ${entry.target.id}` : '');

/**
 * The access log (decision 0058): who read, exported or changed what, and every sign-in, newest
 * first, filtered by person and by enquiry. It holds no parent's data: enquiries by number only.
 */
export function AccessLog() {
  const api = useAdminApi();
  const accounts = useQuery(staffQueries.accounts(api));
  const [actor, setActor] = useState('');
  const [enquiry, setEnquiry] = useState('');
  const [page, setPage] = useState(1);
  const query = { actor: actor || undefined, enquiry: /^\d+$/.test(enquiry) ? enquiry : undefined, page };
  const log = useQuery({ ...staffQueries.accessLog(api, query), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="access-log-heading">
      <h2 id="access-log-heading" className="text-xl font-semibold text-slate-900">
        Access log
      </h2>
      <p className="mt-1 text-slate-700">Kept for a year. Enquiries are named by their number only.</p>
      <div className="mt-3 flex flex-wrap gap-4">
        <label className="block">
          <span className="block font-medium text-slate-900">Person</span>
          <select
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(1);
            }}
            className="mt-1 rounded-md border border-slate-400 px-3 py-2"
          >
            <option value="">Everyone</option>
            {(accounts.data ?? []).map((account) => (
              <option key={account.id} value={`account:${account.id}`}>
                {account.name}
              </option>
            ))}
            <option value="key">Admin key</option>
          </select>
        </label>
        <label className="block">
          <span className="block font-medium text-slate-900">Enquiry number</span>
          <input
            inputMode="numeric"
            value={enquiry}
            onChange={(event) => {
              setEnquiry(event.target.value.trim());
              setPage(1);
            }}
            className="mt-1 w-32 rounded-md border border-slate-400 px-3 py-2"
          />
        </label>
      </div>
      {log.isError && <p role="alert">Could not load the access log.</p>}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-2 pr-3">When</th>
              <th className="py-2 pr-3">Who</th>
              <th className="py-2 pr-3">What</th>
              <th className="py-2 pr-3">Which</th>
              <th className="py-2">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {(log.data?.items ?? []).map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100">
                <td className="py-2 pr-3 whitespace-nowrap">{formatAdminDate(entry.at)}</td>
                <td className="py-2 pr-3">{entry.actor.name}</td>
                <td className="py-2 pr-3 font-mono">{entry.action}</td>
                <td className="py-2 pr-3">{targetText(entry)}</td>
                <td className="py-2">{entry.outcome === 'ok' ? 'Done' : 'Refused'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.data && log.data.pageCount > 1 && (
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
