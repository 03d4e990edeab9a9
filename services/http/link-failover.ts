/**
 * Keeps the set of providers whose affiliate link fails over (services/links/failover.ts) in memory, read from the
 * stored link checks every LINK_FAILOVER_REFRESH_MS and after each scheduled check: /go/ only looks the provider up
 * in it, and never waits on the database. Each switch, to the fallback and back, is logged once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { latestLinkChecks, type Db } from '../db/index.ts';
import { brokenAffiliates } from '../links/failover.ts';

export interface FailoverWatch {
  /** The providers failing over now; the same Set for the life of the service, changed in place. */
  readonly broken: ReadonlySet<string>;
  /** Reads the latest checks again; never throws. */
  refresh: () => Promise<void>;
  stop: () => Promise<void>;
}

export function watchFailover(opts: {
  db: Db;
  ready: () => boolean;
  /** provider → the affiliate URL its check result must be for (as linksToCheck gives it). */
  current: () => ReadonlyMap<string, string>;
  /** provider → where its clicks go while failing over, for the log. */
  fallbackOf: (provider: string) => string | undefined;
  refreshMs: number;
  log: FastifyBaseLogger;
}): FailoverWatch {
  const broken = new Set<string>();
  let running: Promise<void> | undefined;
  const refresh = () =>
    (running ??= (async () => {
      if (!opts.ready()) return;
      const next = brokenAffiliates(await latestLinkChecks(opts.db), opts.current());
      for (const slug of next) {
        if (broken.has(slug)) continue;
        broken.add(slug);
        opts.log.warn(
          { provider: slug, to: opts.fallbackOf(slug) },
          `failover: the latest link check found ${slug}'s affiliate link broken; /go/${slug} sends visitors to its fallback until a check finds it working`,
        );
      }
      for (const slug of broken) {
        if (next.has(slug)) continue;
        broken.delete(slug);
        opts.log.info({ provider: slug }, `failover ended: ${slug}'s affiliate link works again; /go/${slug} uses it`);
      }
    })()
      .catch((err: unknown) => opts.log.warn({ err }, 'reading the link checks for failover failed; keeping the last known state'))
      .finally(() => (running = undefined)));
  const timer = setInterval(() => void refresh(), opts.refreshMs);
  timer.unref();
  return {
    broken,
    refresh,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
