/** Which of the site's pages the tests that open pages in a browser visit. */
import { loadContent, type RouteEntry } from '../../services/content/index.ts';
import { BUILD_DAY } from './build-day.ts';

/** Head-to-head pages that stretch their template: the longest provider name, and a criterion one provider was not tested for. */
const EDGE_PAIRS = ['private-internet-access', 'tunnelbear'];

/**
 * One page of each kind in the sitemap, for browser checks of behaviour (axe, layout shift): pages of one kind come
 * from one route module and differ only in their record, whose figures and HTML the tests check by parsing the built
 * files. Company pages each have blocks of their own, so each counts as a kind; the head-to-head pages add the two
 * that stretch their template, which matter to layout (`edgePairs`) but not to what axe checks.
 */
export function onePagePerKind(
  routes: readonly RouteEntry[] = loadContent('data', { today: BUILD_DAY }).routes,
  { edgePairs = true }: { edgePairs?: boolean } = {},
): string[] {
  const picked = new Map<string, string>();
  for (const r of routes) {
    if (r.noindex || r.kind === 'not-found' || r.pageNumber !== undefined) continue;
    const key =
      r.kind === 'page'
        ? `page:${r.slug}`
        : r.kind === 'compare' && edgePairs
          ? `compare:${EDGE_PAIRS.find((e) => r.slug!.includes(e)) ?? ''}`
          : r.kind;
    if (!picked.has(key)) picked.set(key, r.path);
  }
  return [...picked.values()];
}
