import { ChevronLeft, ChevronRight } from '../../components/icons';
import { type BlogListQuery, blogListHref } from '../../../shared/blog/blog';

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, page] of sorted.entries()) {
    if (index > 0 && page - sorted[index - 1]! > 1) result.push('gap');
    result.push(page);
  }
  return result;
}

const linkClass = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-semibold';

export function Pagination({ query, page, totalPages }: { query: BlogListQuery; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const href = (target: number) => blogListHref({ ...query, page: target });
  return (
    <nav aria-label="Blog pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <a href={href(page - 1)} className={`${linkClass} border-slate-300 text-slate-800 hover:bg-slate-50`}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </a>
      )}
      {pageWindow(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="px-1 text-slate-600" aria-hidden="true">
            …
          </span>
        ) : (
          <a
            key={item}
            href={href(item)}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={`${linkClass} ${item === page ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
          >
            {item}
          </a>
        ),
      )}
      {page < totalPages && (
        <a href={href(page + 1)} className={`${linkClass} border-slate-300 text-slate-800 hover:bg-slate-50`}>
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </a>
      )}
    </nav>
  );
}
