import type { EnquiryCounts, EnquiryFilter } from '../../../shared/enquiries/admin-schemas';

const tiles: { filter: EnquiryFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'assessment', label: 'Assessments' },
  { filter: 'contact', label: 'Contact' },
  { filter: 'unreviewed', label: 'Unreviewed' },
];

/** The four tiles; choosing the active one again returns to all (docs/product.md#inbox). */
export function FilterTiles({
  active,
  counts,
  onChange,
}: {
  active: EnquiryFilter;
  counts: EnquiryCounts | undefined;
  onChange: (filter: EnquiryFilter) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" role="group" aria-label="Filter submissions">
      {tiles.map(({ filter, label }) => {
        const pressed = active === filter;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? 'all' : filter)}
            className={`rounded-lg border p-4 text-left transition ${
              pressed
                ? 'border-blue-700 bg-blue-50 ring-2 ring-blue-700'
                : 'border-slate-200 bg-white hover:bg-slate-50'
            }`}
          >
            <span className="block text-sm font-medium text-slate-700">{label}</span>
            <span className="block text-2xl font-bold text-slate-900" data-testid={`count-${filter}`}>
              {counts ? counts[filter] : '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
