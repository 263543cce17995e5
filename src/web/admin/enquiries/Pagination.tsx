export function Pagination({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const button =
    'rounded-md border border-slate-300 px-3 py-1.5 font-medium enabled:hover:bg-slate-50 disabled:opacity-50';
  return (
    <nav aria-label="Submission pages" className="mt-6 flex items-center justify-center gap-3">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      <span className="text-slate-700">
        Page {page} of {pageCount}
      </span>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
