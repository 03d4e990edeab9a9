import { Icon } from './icon';

/** How much of the star after the filled ones is drawn filled, in whole percent: the rating's fraction. */
function partialPercent(rating: number, filled: number): number {
  return filled < 5 ? Math.max(0, Math.min(99, Math.round((rating - filled) * 100))) : 0;
}

/**
 * Five stars and the number. `rule="at-most"` (home and review hero): star n (1-based) is filled when
 * n <= rating. `rule="floor"` (list and deal cards): star i (0-based) is filled when i < floor(rating).
 * The star after the filled ones is filled in part, by the rating's fraction, so a 4.9 and a 4.1 look different;
 * the filled part is a clipped box over an empty star, so it is exact at any size.
 */
export function StarRating({ rating, rule, size = 16 }: { rating: number; rule: 'at-most' | 'floor'; size?: number }) {
  const filled = (i: number) => (rule === 'at-most' ? i + 1 <= rating : i < Math.floor(rating));
  const whole = [0, 1, 2, 3, 4].filter(filled).length;
  const part = partialPercent(rating, whole);
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) =>
        i === whole && part > 0 ? (
          <span key={i} className="relative inline-flex shrink-0" data-partial={part}>
            <Icon name="star" size={size} filled={false} className="text-slate-300" />
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${part}%` }}>
              <Icon name="star" size={size} className="fill-amber-400 text-amber-400" />
            </span>
          </span>
        ) : (
          <Icon
            key={i}
            name="star"
            size={size}
            filled={filled(i)}
            className={filled(i) ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}
          />
        ),
      )}
      <span aria-hidden="true" className="ml-1 text-sm font-semibold text-slate-700">
        {rating}
      </span>
    </span>
  );
}
