/**
 * The /go/ redirect map, from content only: each provider's affiliate URL, or its website while it has none; and its
 * named links (/go/<slug>/<name>), each falling back to the website; and its routing rules and split, which choose
 * among those for /go/<slug>. A `{click_id}` in a link is filled with the click's id (the network's sub-ID), and where
 * the provider's network takes a deep link (`deepLink:`), named links go through the affiliate link, so they are paid.
 * Every paid target keeps the direct one it fails over to while the affiliate link is broken. Every target says
 * which link it is, so a click records where it went and whether it is paid.
 */
import { LINK_NAMES, type Content } from './index.ts';

/** The devices a routing rule may name. */
export const DEVICES = ['ios', 'android', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export interface RuleSpec {
  when: { country?: string[]; device?: Device[]; from?: string; until?: string };
  to: string;
}
export interface SplitSpec {
  to: string;
  weight: number;
}

export const CLICK_ID = '{click_id}';

export interface OutboundTarget {
  /** The URL without a click id (a click that is not recorded has none). */
  url: string;
  /** The link used: 'affiliate', a link name (website, windows, …), 'fallback', or 'review' for a discontinued provider's review. */
  destination: string;
  /** Goes through the affiliate link, so the network pays for what follows. */
  paid: boolean;
  /** URL template with {click_id}, when the link carries the network's sub-ID. */
  subid?: string;
  /** For a paid target: where it goes instead while the affiliate link is broken. */
  direct?: OutboundTarget;
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

/** A URL without its click id: a parameter whose whole value is `{click_id}` goes, any other `{click_id}` is emptied. */
export function withoutClickId(url: string): string {
  const q = url.indexOf('?');
  if (q === -1 || !url.includes(CLICK_ID)) return url.replaceAll(CLICK_ID, '');
  const query = url
    .slice(q + 1)
    .split('&')
    .filter((p) => !p.endsWith(`=${CLICK_ID}`))
    .join('&');
  return `${url.slice(0, q)}${query ? `?${query}` : ''}`.replaceAll(CLICK_ID, '');
}

/** A target for a URL from content, with its sub-ID template when it holds {click_id}. */
function target(url: string, destination: string, paid: boolean, direct?: OutboundTarget): OutboundTarget {
  return { url: withoutClickId(url), destination, paid, ...(url.includes(CLICK_ID) ? { subid: url } : {}), ...(direct ? { direct } : {}) };
}

/** The affiliate URL (a template, {click_id} and all) with `target` as its deep-link parameter. */
export const deepLinked = (affiliate: string, param: string, to: string) =>
  `${affiliate}${affiliate.includes('?') ? '&' : '?'}${encodeURIComponent(param)}=${encodeURIComponent(to)}`;

const hostOf = (url: string) => {
  try {
    return new URL(url.replaceAll(CLICK_ID, '')).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** Whether a provider's affiliate field is a real link (not a '#…' placeholder). */
export const hasAffiliate = (affiliate: string) => /^https?:\/\//.test(affiliate);

/**
 * A discontinued provider's one target, for every link of it: its review on this site, which says what happened and
 * where to go instead. Old links and bookmarks keep working, and the click is recorded as what it is: unpaid.
 */
function retiredTargets(slug: string): ProviderTargets {
  const review: OutboundTarget = { url: `/vpn-reviews/${slug}`, destination: 'review', paid: false };
  return { main: review, links: new Map([...LINK_NAMES].map((name) => [name, review])) };
}

export function outboundTargets(content: Content): Map<string, ProviderTargets> {
  return new Map(
    content.providers.map((p) => {
      if (p.status === 'discontinued' && p.review) return [p.slug, retiredTargets(p.slug)];
      const website = target(p.links.website, 'website', false);
      const paid = hasAffiliate(p.affiliate);
      // While the affiliate link is broken, /go/<slug> goes to the provider's fallback: link, or else its website.
      const failover = p.fallback ? target(p.fallback, 'fallback', false) : website;
      const template = p.subid ?? p.affiliate;
      const main: OutboundTarget = paid ? { ...target(template, 'affiliate', true, failover), url: withoutClickId(p.affiliate) } : website;
      const named = p.links as Partial<Record<string, string>>;
      // The network's own host; not when the affiliate link is on the provider's site (its pages are not paid links).
      const network = paid && hostOf(p.affiliate) !== hostOf(p.links.website) ? hostOf(p.affiliate) : undefined;
      const link = (name: string, url: string): OutboundTarget => {
        // A link on the affiliate network's own host is an affiliate link already (another offer, say).
        if (network !== undefined && hostOf(url) === network) return target(url, name, true, failover);
        const own = target(url, name, false);
        return paid && p.deepLink ? target(deepLinked(template, p.deepLink, own.url), name, true, own) : own;
      };
      const links = new Map<string, OutboundTarget>(
        LINK_NAMES.map((name) => [name, named[name] ? link(name, named[name]) : link('website', p.links.website)]),
      );
      // Names beyond the standard ones (a promotion): a {click_id} in them is filled like the affiliate's sub-ID.
      for (const [name, url] of Object.entries(named)) if (url && !links.has(name)) links.set(name, link(name, url));
      const routing = { ...(p.rules?.length ? { rules: p.rules as RuleSpec[] } : {}), ...(p.split?.length ? { split: p.split } : {}) };
      return [p.slug, { main, links, ...routing }];
    }),
  );
}

/** Whether /go/<slug>[/<link>] reaches a paid link (by content; a failover is not foreseen). */
export function isPaidTarget(targets: ReadonlyMap<string, ProviderTargets>, slug: string, link?: string): boolean {
  const t = targets.get(slug);
  if (!t) return false;
  return link === undefined ? t.main.paid : (t.links.get(link)?.paid ?? false);
}
