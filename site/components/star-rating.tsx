import { Icon } from './icon';

/**
 * Five stars and the number (spec §4). `rule="at-most"` (home and review hero): star n (1-based) is filled when
 * n <= rating. `rule="floor"` (list and deal cards): star i (0-based) is filled when i < floor(rating).
 */
export function StarRating({ rating, rule, size = 16 }: { rating: number; rule: 'at-most' | 'floor'; size?: number }) {
  const filled = (i: number) => (rule === 'at-most' ? i + 1 <= rating : i < Math.floor(rating));
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Icon key={i} name="star" size={size} filled={filled(i)} className={filled(i) ? 'fill-amber-400 text-amber-400' : 'text-slate-300'} />
      ))}
      <span aria-hidden="true" className="ml-1 text-sm font-semibold text-slate-700">{rating}</span>
    </span>
  );
}
