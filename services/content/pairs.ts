/** The head-to-head pages: which pairs of reviewed providers have one, and their URLs. */
import { COMPARE_PATH } from './paths.ts';

/** Two reviewed providers compared on one page: `a` comes first in `order`, so each pair has one URL. */
export interface ComparePair { slug: string; a: string; b: string }

/**
 * Every pair of the reviewed providers, each once, the one earlier in `order` first: `/compare/<a>-vs-<b>`.
 * `providers` must be sorted by `order`, as the content's are.
 */
export function comparePairs(providers: readonly { slug: string; review?: unknown }[], limit?: number): ComparePair[] {
  // A provider listed twice (a file copied under a second name, which validate reports) is compared once.
  const seen = new Set<string>();
  const listed = providers.filter((p) => p.review && !seen.has(p.slug) && seen.add(p.slug)).slice(0, limit);
  return listed.flatMap((a, i) => listed.slice(i + 1).map((b) => ({ slug: `${a.slug}-vs-${b.slug}`, a: a.slug, b: b.slug })));
}

/** The other order of every pair, which gets a permanent redirect to the pair's one URL: [from, to] paths. */
export function pairRedirects(providers: readonly { slug: string; review?: unknown }[], limit?: number): [string, string][] {
  return comparePairs(providers, limit).map(({ slug, a, b }) => [`${COMPARE_PATH}/${b}-vs-${a}`, `${COMPARE_PATH}/${slug}`]);
}

/** A template's {a} and {b} filled with the two names. */
export const pairText = (template: string, a: string, b: string) => template.replaceAll('{a}', a).replaceAll('{b}', b);
