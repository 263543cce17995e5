import { Star } from 'lucide-react';

/** A read-only star row; the number is said in words for screen readers. */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`h-5 w-5 ${index <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
