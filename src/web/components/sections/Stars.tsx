/** Filled width for 0-5 whole stars (static class names, so Tailwind generates them). */
const filledWidth = ['w-0', 'w-1/5', 'w-2/5', 'w-3/5', 'w-4/5', 'w-full'] as const;

/**
 * A read-only star row, drawn by CSS (.star-row in styles.css) in one element; the rating is
 * said in words for screen readers.
 */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span className="star-row" role="img" aria-label={label ?? `Rated ${rating} out of 5`}>
      <span className={filledWidth[filled]} />
    </span>
  );
}
