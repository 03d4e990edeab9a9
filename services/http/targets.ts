/**
 * The /go/ redirect map, from content only: each provider's affiliate URL, or its website while it has none; and its
 * named links (/go/<slug>/<name>), each falling back to the website. Every target says which link it is, so a click
 * records where it went and whether it is paid.
 */
import { LINK_NAMES, type Content } from '../content/index.ts';

export interface OutboundTarget {
  url: string;
  /** The link used: 'affiliate', or a link name (website, windows, …). Only 'affiliate' is paid. */
  destination: string;
  /** Affiliate URL template with {click_id}, when the provider's network supports sub-IDs. */
  subid?: string;
}

/** A provider's targets: its affiliate (or fallback) target, and one for every link name. */
export interface ProviderTargets {
  main: OutboundTarget;
  links: ReadonlyMap<string, OutboundTarget>;
}

export function outboundTargets(content: Content): Map<string, ProviderTargets> {
  return new Map(
    content.providers.map((p) => {
      const website: OutboundTarget = { url: p.links.website, destination: 'website' };
      const paid = /^https?:\/\//.test(p.affiliate);
      const main: OutboundTarget = paid ? { url: p.affiliate, destination: 'affiliate', ...(p.subid ? { subid: p.subid } : {}) } : website;
      const named = p.links as Partial<Record<string, string>>;
      const links = new Map(LINK_NAMES.map((name) => [name, named[name] ? { url: named[name], destination: name } : website]));
      return [p.slug, { main, links }];
    }),
  );
}
