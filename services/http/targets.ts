/** The /go/ redirect map: each provider's affiliate URL, or its own website while the affiliate link is a placeholder (spec §4). */
import type { Content } from '../content/index.ts';

export interface OutboundTarget {
  url: string;
  /** Affiliate URL template with {click_id}, when the provider's network supports sub-IDs. */
  subid?: string;
}

export function outboundTargets(content: Content): Map<string, OutboundTarget> {
  return new Map(
    content.providers.map((p) => [p.slug, { url: /^https?:\/\//.test(p.affiliate) ? p.affiliate : p.website, ...(p.subid ? { subid: p.subid } : {}) }]),
  );
}
