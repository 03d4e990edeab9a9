/**
 * Failover from broken affiliate links: which providers' affiliate links the latest stored link check found broken
 * (a network error, a final 4xx/5xx, a loop, or an end on another domain). /go/ sends those providers' clicks to
 * their `fallback:` link or website until a later check finds the link working. Decided from stored results only,
 * so the redirect reads it from memory.
 */
import type { LinkResult } from './health.ts';

/** The problem text checkLink gives a link that ends outside the provider's domains. */
export const OFFSITE_PREFIX = 'ends on ';

/** Whether a checked link is broken enough to stop sending paid clicks to it. */
export function failsOver(r: Pick<LinkResult, 'ok' | 'problems'>): boolean {
  return !r.ok || r.problems.some((p) => p.startsWith(OFFSITE_PREFIX));
}

/**
 * The providers whose affiliate link fails over, from the latest result of each link. A result for another URL than
 * the content's (the link was changed since) says nothing about the current link, and is left out.
 */
export function brokenAffiliates(
  latest: readonly Pick<LinkResult, 'provider' | 'link' | 'url' | 'ok' | 'problems'>[],
  current: ReadonlyMap<string, string>,
): Set<string> {
  const broken = new Set<string>();
  for (const r of latest) if (r.link === 'affiliate' && current.get(r.provider) === r.url && failsOver(r)) broken.add(r.provider);
  return broken;
}
