/**
 * Page views from the pages' beacons, batched into page_views with the clicks' batcher. Whether a beacon counts is
 * decided as for clicks: bots (by user agent, or none), speculative loads, beacons sent from another site's page,
 * paths that are not counted pages of the site and `notrack` are not people, and nothing of them is kept. Past a
 * visitor's per-minute budget, views are stored flagged and never counted, as clicks are. The budget also holds per
 * address (an IPv6 address's /64), whatever user agent each beacon names, so changing it on every beacon gains
 * nothing; and past HARD_LIMIT times the budget from one address in a minute, beacons are not stored at all, only
 * counted as dropped, so a flood cannot grow the table either. The visitor is hashed with the clicks' daily salt
 * when the batch is written; the address is never stored.
 */
import { randomUUID } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { isbot } from 'isbot';
import { ClickBudget } from '../clicks/budget.ts';
import { applySharedBudget, type SharedBudget } from '../clicks/shared-budget.ts';
import { Batcher } from '../clicks/batcher.ts';
import { cropText, decodeHeader } from '../clicks/sanitize.ts';
import { REFERRER_MAX, type Headers } from '../clicks/classify.ts';
import { utcDay, visitorHash } from '../shared/visitor-hash.ts';
import type { Queryable } from '../db/types.ts';

interface Pending {
  viewedAt: string;
  path: string;
  referrer: string | null;
  ip: string;
  ua: string;
  overBudget: boolean;
  /** Past its address's budget: over budget whatever the shared count says of the visitor. */
  addressOver: boolean;
  /** Its own for the shared budget, so a retried batch is not counted twice there. */
  id: string;
}

/**
 * Whether a page's views are counted: not the owner's dashboard, the newsletter's pages, the pages a form lands on or
 * the not-found pages, which are no reader's visit to the site's content.
 */
export function countsViews(route: { path: string; kind: string }): boolean {
  return !['stats', 'form-result', 'not-found'].includes(route.kind) && !/^\/(stats|newsletter)(\/|$)/.test(route.path);
}

/** Beacons one address may have stored in a minute, as a multiple of the budget; the rest are dropped. */
export const HARD_LIMIT = 2;

/** The address a budget counts: the address itself, or an IPv6 address's /64 (one subscriber's network). */
export const addressOf = (ip: string) => normalizeIP(ip, 64);

export interface Beacon {
  path?: unknown;
  referrer?: unknown;
  notrack?: unknown;
}

const one = (headers: Headers, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The origin of a URL, or undefined when it is none. */
const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Whether a beacon came from a page of this site: its Origin (which browsers send with every POST), or else its
 * Referer, is the site's own (the host it was sent to, or one of CORS_ORIGINS). A beacon with neither is no page's.
 */
export function fromOwnSite(headers: Headers, host: string, siteOrigins: readonly string[]): boolean {
  const origin = one(headers, 'origin');
  const from = origin !== undefined ? (origin === 'null' ? undefined : originOf(origin)) : originOf(one(headers, 'referer'));
  if (from === undefined) return false;
  return new URL(from).host === host || siteOrigins.includes(from);
}

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
  private readonly budget: ClickBudget;
  private readonly addressBudget: ClickBudget;
  private readonly stored: ClickBudget;
  /** Beacons past the hard limit, not stored. */
  private dropped = 0;
  private droppedSinceLog = 0;
  private droppedLog: NodeJS.Timeout | undefined;
  /** Views are numbered from a random prefix of this process: ids of their own for the shared budget, at no cost. */
  private readonly idPrefix = randomUUID();
  private nextId = 0;

  /**
   * `budgetPerMinute`: views counted per visitor a minute (0: no budget); `shared`: that budget counted across every
   * instance (Redis), asked once a batch when it is written, the instance's own count deciding while it cannot be had.
   */
  constructor(
    private readonly db: Queryable,
    private readonly saltFor: (day: string) => Promise<string>,
    private readonly log: { warn: (obj: object, msg: string) => void },
    private readonly opts: { cap?: number; ready: () => boolean; budgetPerMinute?: number; shared?: SharedBudget },
  ) {
    const perMinute = opts.budgetPerMinute ?? 0;
    this.budget = new ClickBudget(perMinute);
    this.addressBudget = new ClickBudget(perMinute);
    this.stored = new ClickBudget(perMinute * HARD_LIMIT);
    // Once a minute at most, while beacons are being dropped.
    this.droppedLog = setInterval(() => {
      if (!this.droppedSinceLog) return;
      log.warn(
        { dropped: this.droppedSinceLog, droppedSinceStart: this.dropped },
        `${this.droppedSinceLog} page-view beacons were dropped in the last minute: their address sent more than ${HARD_LIMIT} times PAGE_VIEW_BUDGET_PER_MINUTE`,
      );
      this.droppedSinceLog = 0;
    }, 60_000);
    this.droppedLog.unref();
    this.batcher = new Batcher<Pending>({
      cap: opts.cap,
      intervalMs: 200,
      write: async (items) => {
        if (!opts.ready()) throw new Error('the database is not reachable or not migrated yet');
        await this.write(items);
      },
      onWriteError: (err, attempt, pending) =>
        void (
          (attempt === 1 || attempt % 10 === 0) &&
          log.warn({ err, attempt, pending }, 'writing page views failed; they stay in memory and are tried again')
        ),
    });
  }

  /** Beacons dropped past the hard limit since the start. */
  droppedCount(): number {
    return this.dropped;
  }

  /** Queues a person's view, flagged when it is past the visitor's or the address's budget; drops it past the hard limit. */
  record(path: string, referrer: unknown, ip: string, headers: Headers): void {
    const now = Date.now();
    const address = addressOf(ip);
    if (!this.stored.take(address, now)) {
      this.dropped++;
      this.droppedSinceLog++;
      return;
    }
    const ref = typeof referrer === 'string' && referrer ? cropText(referrer, REFERRER_MAX) : null;
    const ua = decodeHeader(one(headers, 'user-agent')) ?? '';
    // Kept in memory by address and user agent, as the clicks' budget is before the day's salt is known; and by
    // address alone, which a new user agent on every beacon does not change.
    const overBudget = !this.budget.take(`${ip}\n${ua}`, now);
    // Only a view within the visitor's budget takes from its address's.
    const addressOver = !overBudget && !this.addressBudget.take(address, now);
    this.batcher.add({
      viewedAt: new Date(now).toISOString(),
      path,
      referrer: ref,
      ip,
      ua,
      overBudget: overBudget || addressOver,
      addressOver,
      id: `${this.idPrefix}:${this.nextId++}`,
    });
  }

  close(timeoutMs?: number): Promise<void> {
    clearInterval(this.droppedLog);
    if (this.dropped) this.log.warn({ dropped: this.dropped }, "page-view beacons dropped past their address's hard limit since the start");
    return this.batcher.close(timeoutMs);
  }

  private async write(items: Pending[]): Promise<void> {
    const salts = new Map<string, string>();
    const rows = [];
    for (const v of items) {
      const day = utcDay(new Date(v.viewedAt));
      if (!salts.has(day)) salts.set(day, await this.saltFor(day));
      rows.push({
        viewedAt: v.viewedAt,
        path: v.path,
        referrer: v.referrer,
        visitorHash: visitorHash(salts.get(day)!, v.ip, v.ua),
        overBudget: v.overBudget,
      });
    }
    const judged = await applySharedBudget(this.opts.shared, 'views', this.opts.budgetPerMinute ?? 0, rows, (r, i) => ({
      visitor: r.visitorHash,
      id: items[i]!.id,
      at: Date.parse(r.viewedAt),
    }));
    // Kept on the queued view, so a retry after the database refused the batch keeps the verdict if Redis is gone.
    if (judged)
      for (let i = 0; i < rows.length; i++) items[i]!.overBudget = rows[i]!.overBudget = rows[i]!.overBudget || items[i]!.addressOver;
    await this.db.query(
      `INSERT INTO page_views (viewed_at, path, referrer, visitor_hash, over_budget)
       SELECT "viewedAt", path, referrer, "visitorHash", "overBudget"
       FROM json_to_recordset($1::json) AS v("viewedAt" timestamptz, path text, referrer text, "visitorHash" text, "overBudget" boolean)`,
      [JSON.stringify(rows)],
    );
  }
}
