/** Affiliate sub-IDs: a provider's `subid` template carries the click id, so a network's conversions join to our clicks. */

/** Fills `{click_id}` in the template; without an id (none pre-allocated yet) the plain target is used instead. */
export function outboundUrl(target: { url: string; subid?: string }, clickId: number | null): string {
  if (!target.subid || clickId === null) return target.url;
  return target.subid.replaceAll('{click_id}', String(clickId));
}
