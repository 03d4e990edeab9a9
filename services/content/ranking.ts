/**
 * The one order of every list of providers: by rating, best first, ties by name. A commission never moves a
 * provider up, so no content can set a position by hand.
 */

/** Compares two providers for a ranking: the higher rating first, then the name A to Z. */
export function rankCompare(a: { rating?: number; name: string }, b: { rating?: number; name: string }): number {
  return (b.rating ?? 0) - (a.rating ?? 0) || a.name.localeCompare(b.name, 'en');
}

/** A copy of the providers in rating order. */
export const byRating = <T extends { rating?: number; name: string }>(providers: readonly T[]): T[] => [...providers].sort(rankCompare);
