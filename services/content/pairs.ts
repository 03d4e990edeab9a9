/** The head-to-head pages: which pairs of reviewed providers have one, and their URLs. */
import { COMPARE_PATH } from './paths.ts';

/** Two reviewed providers compared on one page: `a` ranks first (by rating, then name), so each pair has one URL. */
export interface ComparePair {
  slug: string;
  a: string;
  b: string;
}

interface Comparable {
  slug: string;
  review?: unknown;
  status?: string;
}

/** Whether a provider is ranked, listed and compared: reviewed, and not shut down. */
export const ranked = (p: Comparable) => !!p.review && p.status !== 'discontinued';

/**
 * Every pair of the reviewed providers still in business, each once, the one ranked higher first:
 * `/compare/<a>-vs-<b>`. `providers` must be in rating order (ranking.ts), as the content's are.
 */
export function comparePairs(providers: readonly Comparable[], limit?: number): ComparePair[] {
  // A provider listed twice (a file copied under a second name, which validate reports) is compared once.
  const seen = new Set<string>();
  const listed = providers.filter((p) => ranked(p) && !seen.has(p.slug) && seen.add(p.slug)).slice(0, limit);
  return listed.flatMap((a, i) => listed.slice(i + 1).map((b) => ({ slug: `${a.slug}-vs-${b.slug}`, a: a.slug, b: b.slug })));
}

/**
 * The permanent redirects of /compare: the other order of every pair to the pair's one URL, and each page that
 * paired a discontinued provider with one still compared (in either order) to the survivor's review, the page that
 * answers what its visitors came for: [from, to] paths.
 */
export function pairRedirects(providers: readonly Comparable[], limit?: number): [string, string][] {
  const reversed = comparePairs(providers, limit).map(({ slug, a, b }): [string, string] => [
    `${COMPARE_PATH}/${b}-vs-${a}`,
    `${COMPARE_PATH}/${slug}`,
  ]);
  const survivors = [...new Set(providers.filter(ranked).map((p) => p.slug))];
  const gone = [...new Set(providers.filter((p) => p.review && p.status === 'discontinued').map((p) => p.slug))];
  const retired = gone.flatMap((d) =>
    survivors.flatMap((s): [string, string][] => [
      [`${COMPARE_PATH}/${s}-vs-${d}`, `/vpn-reviews/${s}`],
      [`${COMPARE_PATH}/${d}-vs-${s}`, `/vpn-reviews/${s}`],
    ]),
  );
  return [...reversed, ...retired];
}

/** A template's {a} and {b} filled with the two names. */
export const pairText = (template: string, a: string, b: string) => template.replaceAll('{a}', a).replaceAll('{b}', b);
