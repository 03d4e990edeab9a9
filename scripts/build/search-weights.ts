/**
 * What the search index adds to a page, for the indexer only (the page as shipped is untouched), so that a search
 * answers the question a visitor asks (docs/islands.md, "Search"):
 * - a review carries its provider's name at Pagefind's highest weight (https://pagefind.app/docs/weighting/), so a
 *   provider's name finds its review before the comparisons that also name it;
 * - a review and /compare carry their facts as sentences, made from the provider records: "NordVPN has a kill
 *   switch, keeps no logs, …". Searches for a feature ("kill switch", "no logs", "torrenting", "streaming",
 *   "cheapest") then reach the pages that answer them, and the excerpt a result shows is that sentence;
 * - the figures' own lists and tables ("Kill switch: yes") are left out of the index, where they made excerpts
 *   read like data dumps; what they say is in the sentences.
 */
import { formatPrice, planOf, type Content, type RouteEntry } from '../../services/content/index.ts';

type Provider = Content['providers'][number];

/** Elements whose text is figures, not prose: stat strips, tables, the ticks of a feature list and the scorecard. */
export const FIGURE_SELECTORS = ['dl', 'table', '[data-feature-tick]', '[data-testid=scorecard]'];

/** "a, b and c". */
const list = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** A provider's facts as sentences. */
export function providerSentences(p: Provider): string {
  const has = [
    p.killSwitch ? 'has a kill switch' : 'has no kill switch',
    p.noLogs ? 'keeps no logs (a no-logs policy)' : 'has no audited no-logs policy',
    p.torrenting ? 'allows torrenting' : 'does not allow torrenting',
    p.streaming ? 'works for streaming' : 'is not made for streaming',
  ];
  const plan = planOf(p);
  const price = plan ? ` Its cheapest plan costs ${formatPrice(plan.price)} a month on the ${plan.term}.` : '';
  return `${p.name} ${list(has)}.${price} ${p.name} comes with a ${p.moneyBack} money-back guarantee.`;
}

/** What /compare says it answers, from the providers it compares. */
export function compareSentences(providers: readonly Provider[]): string {
  const cheapest = [...providers].sort((a, b) => (planOf(a)?.price ?? Infinity) - (planOf(b)?.price ?? Infinity))[0];
  const names = list(providers.map((p) => p.name));
  return (
    `Compare ${names} side by side: which has a kill switch, which keeps no logs, which allows torrenting and which works for streaming.` +
    (cheapest ? ` Sort by price to find the cheapest VPN: ${cheapest.name} is the cheapest here.` : '')
  );
}

/** The hidden, weighted text the indexer gets at the start of a page's <main>; '' for a page without any. */
export function indexedExtra(route: RouteEntry, content: Content): string {
  const provider = route.kind === 'review' ? content.providers.find((p) => p.slug === route.slug) : undefined;
  if (provider) {
    const name = escapeHtml(provider.name);
    return `<p hidden data-pagefind-weight="10">${name} review: our test of ${name}.</p><p hidden data-pagefind-weight="5">${escapeHtml(providerSentences(provider))}</p>`;
  }
  if (route.kind === 'compare-index')
    return `<p hidden data-pagefind-weight="5">${escapeHtml(compareSentences(content.providers.filter((p) => p.status !== 'discontinued')))}</p>`;
  return '';
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
