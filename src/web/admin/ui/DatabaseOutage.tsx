/** Shown when the server answers but its database does not (a 503), so staff are not told to sign in again. */
export const DATABASE_OUTAGE_MESSAGE =
  'The site’s database is not answering just now, so the staff area cannot open. You are not signed out: try again in a minute.';

export function DatabaseOutage({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h1 className="text-2xl font-bold text-slate-900">The staff area is unavailable</h1>
      <p className="mt-2 text-slate-800">{DATABASE_OUTAGE_MESSAGE}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
      >
        Try again
      </button>
    </div>
  );
}
