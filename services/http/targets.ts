/**
 * The /go/ redirect map, from content only: each provider's affiliate URL, or its website while it has none; and its
 * named links (/go/<slug>/<name>), each falling back to the website; and its routing rules and split, which choose
 * among those for /go/<slug>. Every target says which link it is, so a click records where it went and whether it is
 * paid.
 */
import { LINK_NAMES, type Content } from '../content/index.ts';
import type { RuleSpec, SplitSpec } from '../links/routing.ts';

export interface OutboundTarget {
  url: string;
  /** The link used: 'affiliate', a link name (website, windows, …), or 'review' for a discontinued provider's review. Only 'affiliate' is paid. */
  destination: string;
  /** Affiliate URL template with {click_id}, when the provider's network supports sub-IDs. */
  subid?: string;
}

/** A provider's targets: its affiliate (or fallback) target, and one for every link name. */
export interface ProviderTargets {
  main: OutboundTarget;
  links: ReadonlyMap<string, OutboundTarget>;
  rules?: readonly RuleSpec[];
  split?: readonly SplitSpec[];
}

/** The target a routing decision names: 'affiliate' or a link name. */
export const targetFor = (t: ProviderTargets, to: string): OutboundTarget => (to === 'affiliate' ? t.main : (t.links.get(to) ?? t.main));

/**
 * A discontinued provider's one target, for every link of it: its review on this site, which says what happened and
 * where to go instead. Old links and bookmarks keep working, and the click is recorded as what it is: unpaid.
 */
function retiredTargets(slug: string): ProviderTargets {
  const review: OutboundTarget = { url: `/vpn-reviews/${slug}`, destination: 'review' };
  return { main: review, links: new Map([...LINK_NAMES].map((name) => [name, review])) };
}

export function outboundTargets(content: Content): Map<string, ProviderTargets> {
  return new Map(
    content.providers.map((p) => {
      if (p.status === 'discontinued' && p.review) return [p.slug, retiredTargets(p.slug)];
      const website: OutboundTarget = { url: p.links.website, destination: 'website' };
      const paid = /^https?:\/\//.test(p.affiliate);
      const main: OutboundTarget = paid ? { url: p.affiliate, destination: 'affiliate', ...(p.subid ? { subid: p.subid } : {}) } : website;
      const named = p.links as Partial<Record<string, string>>;
      const links = new Map<string, OutboundTarget>(LINK_NAMES.map((name) => [name, named[name] ? { url: named[name], destination: name } : website]));
      // Names beyond the standard ones (a promotion): a {click_id} in them is filled like the affiliate's sub-ID.
      for (const [name, url] of Object.entries(named)) {
        if (url && !links.has(name)) links.set(name, { url: url.replaceAll('{click_id}', ''), destination: name, ...(url.includes('{click_id}') ? { subid: url } : {}) });
      }
      const routing = { ...(p.rules?.length ? { rules: p.rules as RuleSpec[] } : {}), ...(p.split?.length ? { split: p.split } : {}) };
      return [p.slug, { main, links, ...routing }];
    }),
  );
}
