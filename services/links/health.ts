/**
 * Link health: follows every outbound URL in the content as a browser would, hop by hop, and says for each whether it
 * still works and still earns: where it ends, whether that is one of the provider's domains, and whether the click
 * marker and the affiliate parameters reached the last hop on the affiliate network's domain (a redirect that drops
 * them there loses the commission while the link still "works").
 */
import type { Content } from '../content/index.ts';
import type { Hop, LinkResult } from '../db/link-checks.ts';

export type { Hop, LinkResult };

/** Put where `{click_id}` would be, so a check can see whether the sub-ID survives the redirects. */
export const MARKER = 'vpnsite-link-check';
export const MAX_HOPS = 10;
export const TIMEOUT_MS = 10_000;
/** A current desktop Chrome: some networks answer other agents differently. */
export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface LinkToCheck {
  provider: string;
  /** 'affiliate' or a link name. */
  link: string;
  /** With the marker in place of {click_id}. */
  url: string;
  /** The provider's own hosts (website, affiliate link, allowedDomains); subdomains count as theirs. */
  domains: string[];
  /** The affiliate network's host and the parameters it must keep, for the affiliate link and templated links. */
  tracking?: { host: string; params: [string, string][] };
}

const host = (url: string) => new URL(url).hostname.toLowerCase();
const within = (h: string, domains: readonly string[]) => domains.some((d) => h === d || h.endsWith(`.${d}`));
const bare = (h: string) => h.replace(/^www\./, '');

/** Every outbound URL the content can send a visitor to: each provider's affiliate link and named links. */
export function linksToCheck(content: Content): LinkToCheck[] {
  const list: LinkToCheck[] = [];
  for (const p of content.providers) {
    const links = p.links as Record<string, string>;
    const affiliate = /^https?:\/\//.test(p.affiliate) ? p.affiliate : undefined;
    const domains = [
      ...new Set(
        [links.website, affiliate]
          .filter((u): u is string => !!u)
          .map((u) => bare(host(u)))
          .concat(p.allowedDomains ?? []),
      ),
    ];
    const entry = (link: string, template: string): LinkToCheck => {
      const url = template.replaceAll('{click_id}', MARKER);
      const u = new URL(url);
      const tracked = link === 'affiliate' || template.includes('{click_id}');
      return {
        provider: p.slug,
        link,
        url,
        domains,
        ...(tracked ? { tracking: { host: u.hostname.toLowerCase(), params: [...u.searchParams] } } : {}),
      };
    };
    // Visitors get the sub-ID template when there is one: that is the URL that must keep working.
    if (affiliate) list.push(entry('affiliate', p.subid ?? affiliate));
    if (p.fallback) list.push(entry('fallback', p.fallback));
    for (const [name, url] of Object.entries(links)) if (url) list.push(entry(name, url));
  }
  return list;
}

/** Follows one link. Never throws: a failure is a result with problems. */
export async function checkLink(l: LinkToCheck, opts: { timeoutMs?: number; userAgent?: string } = {}): Promise<LinkResult> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS);
  const hops: Hop[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let url = l.url;
  let status: number | null = null;
  let broken: string | undefined;
  for (;;) {
    if (seen.has(url)) {
      broken = `redirect loop: ${url} again after ${hops.length} hops`;
      break;
    }
    if (hops.length > MAX_HOPS) {
      broken = `more than ${MAX_HOPS} redirects`;
      break;
    }
    seen.add(url);
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { 'user-agent': opts.userAgent ?? BROWSER_UA, accept: 'text/html,*/*;q=0.8' },
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      status = null;
      broken =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `no answer within ${(opts.timeoutMs ?? TIMEOUT_MS) / 1000} s from ${url}`
          : `network error at ${url}: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
      break;
    }
    await res.body?.cancel().catch(() => {});
    status = res.status;
    hops.push({ url, status });
    const location = res.headers.get('location');
    if (status >= 300 && status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    if (status >= 400) broken = `answers ${status} at ${url}`;
    break;
  }
  const finalUrl = hops.length ? hops[hops.length - 1]!.url : null;
  if (broken) problems.push(broken);
  if (finalUrl && !broken) {
    const end = host(finalUrl);
    if (!within(end, l.domains)) problems.push(`ends on ${end}, which is not one of the provider's domains (${l.domains.join(', ')})`);
  }
  if (l.tracking && hops.length) {
    const onNetwork = hops.filter((h) => within(host(h.url), [l.tracking!.host]));
    const last = onNetwork[onNetwork.length - 1];
    if (last) {
      const kept = new URL(last.url).searchParams;
      const lost = l.tracking.params.filter(([k, v]) => kept.get(k) !== v).map(([k]) => k);
      const marker = l.url.includes(MARKER) && !last.url.includes(MARKER);
      if (marker) problems.push(`the sub-ID (click id) was dropped by ${last.url}`);
      const others = lost.filter((k) => !(marker && l.tracking!.params.find(([n]) => n === k)?.[1] === MARKER));
      if (others.length)
        problems.push(`the affiliate parameter${others.length > 1 ? 's' : ''} ${others.join(', ')} did not reach ${last.url}`);
    }
  }
  return {
    provider: l.provider,
    link: l.link,
    url: l.url,
    finalUrl,
    status,
    ok: !broken && status !== null && status < 300,
    problems,
    hops,
  };
}

/** Checks a list a few at a time, in the list's order. */
export async function checkLinks(
  list: readonly LinkToCheck[],
  opts: { timeoutMs?: number; concurrency?: number } = {},
): Promise<LinkResult[]> {
  const results: LinkResult[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      results[i] = await checkLink(list[i]!, opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, list.length) }, worker));
  return results;
}
