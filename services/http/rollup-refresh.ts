/** Refreshes the daily click rollup on a schedule (migration 005 says why a schedule and not the writer). */
import type { FastifyBaseLogger } from 'fastify';
import { refreshClickRollup, type Db } from '../db/index.ts';

/** Starts refreshing every intervalMs (0: never) while ready() is true; returns a function that stops it and waits for a run in progress. */
export function scheduleRollupRefresh(db: Db, intervalMs: number, log: FastifyBaseLogger, ready: () => boolean = () => true): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    if (!ready()) return;
    running = refreshClickRollup(db).then(
      (days) => void (days.length && log.debug({ days }, 'click rollup refreshed')),
      // Reports stay exact meanwhile: stale days are read from the raw clicks.
      (err: unknown) => log.warn({ err }, 'refreshing the click rollup failed; trying again at the next interval'),
    );
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
