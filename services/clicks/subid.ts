/** Affiliate sub-IDs: a provider's `subid` template carries the click id, so a network's conversions join to our clicks. */

/**
 * Each template cut at its `{click_id}`s, once: a redirect joins the pieces around its id instead of searching the
 * template again. Templates come from content, so there are only ever a few.
 */
const pieces = new Map<string, string[]>();

/** Fills `{click_id}` in the template; without an id (none pre-allocated yet) the plain target is used instead. */
export function outboundUrl(target: { url: string; subid?: string }, clickId: number | null): string {
  if (!target.subid || clickId === null) return target.url;
  let cut = pieces.get(target.subid);
  if (cut === undefined) pieces.set(target.subid, (cut = target.subid.split('{click_id}')));
  return cut.join(String(clickId));
}
