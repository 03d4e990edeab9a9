/** The /go/ redirect map: each provider's affiliate URL, or its own website while the affiliate link is a placeholder (spec §4). */
import type { Content } from '../content/index.ts';

export function outboundTargets(content: Content): Map<string, string> {
  return new Map(content.providers.map((p) => [p.slug, /^https?:\/\//.test(p.affiliate) ? p.affiliate : p.website]));
}
