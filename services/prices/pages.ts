/**
 * Fetches pricing pages as a browser would ask for them, with a time limit, and never more than one request to a host
 * at a time: a burst at one provider's site reads as a bot and may be answered with a challenge page instead of prices.
 */
import { BROWSER_UA } from '../links/health.ts';

export const PAGE_TIMEOUT_MS = 15_000;

export interface PageOptions {
  /** How long one page may take, headers and body; PRICE_CHECK_TIMEOUT_MS in the tests. */
  timeoutMs?: number;
  userAgent?: string;
}

/** A page's HTML, or why there is none. */
export type PageResult = { ok: true; html: string } | { ok: false; error: string };

/** One page. Never throws: a failure is a result that says why. */
export async function fetchPage(url: string, opts: PageOptions = {}): Promise<PageResult> {
  const timeoutMs = opts.timeoutMs ?? PAGE_TIMEOUT_MS;
  try {
    const res = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'user-agent': opts.userAgent ?? BROWSER_UA,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
        'accept-language': 'en-US,en;q=0.9',
      },
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: `${url} answered ${res.status}` };
    }
    return { ok: true, html: await res.text() };
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { ok: false, error: `${url} did not answer within ${timeoutMs} ms` };
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: `${url} could not be fetched: ${cause?.code ?? cause?.message ?? e.message}` };
  }
}

/**
 * Fetches every URL once, in parallel across hosts and one after another within a host. The results are keyed by URL.
 */
export async function fetchPages(urls: readonly string[], opts: PageOptions = {}): Promise<Map<string, PageResult>> {
  const byHost = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    const host = new URL(url).host.toLowerCase();
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const results = new Map<string, PageResult>();
  await Promise.all(
    [...byHost.values()].map(async (list) => {
      for (const url of list) results.set(url, await fetchPage(url, opts));
    }),
  );
  return results;
}
