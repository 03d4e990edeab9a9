/**
 * Refreshes the daily click rollup on a schedule (migration 005 says why a schedule and not the writer). Every
 * instance looks every interval, and the one that claims the job runs it: once per interval between them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { claimJob, refreshClickRollup, type Db } from '../db/index.ts';

/** Starts refreshing every intervalMs (0: never) while ready() is true; returns a function that stops it and waits for a run in progress. */
export function scheduleRollupRefresh(
  db: Db,
  intervalMs: number,
  log: FastifyBaseLogger,
  ready: () => boolean = () => true,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> = Promise.resolve();
  // Each stale day's write count at the last look: a day still being written waits until it has been quiet for an
  // interval (click-rollup.ts says why).
  const settled = new Map<string, number>();
  const tick = () => {
    if (!ready()) return;
    // Claimed for a little less than the interval, so that timers of instances started together do not skip a turn.
    running = (async () => {
      if (!(await claimJob(db, 'rollup-refresh', intervalMs * 0.9))) return;
      const days = await refreshClickRollup(db, settled);
      if (days.length) log.debug({ days }, 'click rollup refreshed');
    })().catch(
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
