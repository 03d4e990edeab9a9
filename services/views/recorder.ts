/**
 * Page views from the pages' beacons, batched into page_views with the clicks' batcher. Whether a beacon counts is
 * decided as for clicks: bots (by user agent, or none), speculative loads, paths that are not pages of the site and
 * `notrack` are not people, and nothing of them is kept. The visitor is hashed with the clicks' daily salt when the
 * batch is written; the address is never stored.
 */
import { isbot } from 'isbot';
import { Batcher } from '../clicks/batcher.ts';
import { cropText, decodeHeader } from '../clicks/sanitize.ts';
import { REFERRER_MAX, type Headers } from '../clicks/classify.ts';
import { utcDay, visitorHash } from '../clicks/visitor-hash.ts';
import type { Queryable } from '../db/types.ts';

interface Pending {
  viewedAt: string;
  path: string;
  referrer: string | null;
  ip: string;
  ua: string;
}

export interface Beacon {
  path?: unknown;
  referrer?: unknown;
  notrack?: unknown;
}

const one = (headers: Headers, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Why a beacon is not a person's view, or null when it is. */
export function beaconSkip(beacon: Beacon, headers: Headers, routes: ReadonlySet<string>): string | null {
  if (one(headers, 'sec-purpose') !== undefined || /prefetch|preview|prerender/i.test(one(headers, 'purpose') ?? '')) return 'prefetch';
  if (beacon.notrack === true) return 'notrack';
  const ua = decodeHeader(one(headers, 'user-agent'));
  if (!ua || isbot(ua)) return 'bot';
  if (typeof beacon.path !== 'string' || !routes.has(beacon.path)) return 'unknown path';
  return null;
}

export class PageViewRecorder {
  private readonly batcher: Batcher<Pending>;

  constructor(
    private readonly db: Queryable,
    private readonly saltFor: (day: string) => Promise<string>,
    log: { warn: (obj: object, msg: string) => void },
    opts: { cap?: number; ready: () => boolean },
  ) {
    this.batcher = new Batcher<Pending>({
      cap: opts.cap,
      intervalMs: 200,
      write: async (items) => {
        if (!opts.ready()) throw new Error('the database is not reachable or not migrated yet');
        await this.write(items);
      },
      onWriteError: (err, attempt, pending) => void ((attempt === 1 || attempt % 10 === 0) && log.warn({ err, attempt, pending }, 'writing page views failed; they stay in memory and are tried again')),
    });
  }

  /** Queues a counted view. */
  record(path: string, referrer: unknown, ip: string, headers: Headers): void {
    const ref = typeof referrer === 'string' && referrer ? cropText(referrer, REFERRER_MAX) : null;
    this.batcher.add({ viewedAt: new Date().toISOString(), path, referrer: ref, ip, ua: decodeHeader(one(headers, 'user-agent')) ?? '' });
  }

  close(timeoutMs?: number): Promise<void> {
    return this.batcher.close(timeoutMs);
  }

  private async write(items: Pending[]): Promise<void> {
    const salts = new Map<string, string>();
    const rows = [];
    for (const v of items) {
      const day = utcDay(new Date(v.viewedAt));
      if (!salts.has(day)) salts.set(day, await this.saltFor(day));
      rows.push({ viewedAt: v.viewedAt, path: v.path, referrer: v.referrer, visitorHash: visitorHash(salts.get(day)!, v.ip, v.ua) });
    }
    await this.db.query(
      `INSERT INTO page_views (viewed_at, path, referrer, visitor_hash)
       SELECT "viewedAt", path, referrer, "visitorHash" FROM json_to_recordset($1::json) AS v("viewedAt" timestamptz, path text, referrer text, "visitorHash" text)`,
      [JSON.stringify(rows)],
    );
  }
}
