/**
 * A job `vpnsite serve` runs every so many hours (the link check, the price check): it looks every few minutes
 * whether a run is due, judged by the last stored run, so a restart does not run it again early; several instances
 * on one database run it once between them, whichever claims the job first.
 */
import type { FastifyBaseLogger } from 'fastify';
import { claimJob, type Db } from '../db/index.ts';

const LOOK_EVERY_MS = 5 * 60_000;

/** What a scheduled job gives its caller: `poke` looks at once, `stop` waits for a run under way. */
export interface DueJob {
  stop: () => Promise<void>;
  poke: () => void;
}

/** Starts looking for due runs of `run` (none while `hours` is 0); `what` names the job in the log. */
export function scheduleDueJob(opts: {
  db: Db;
  name: string;
  what: string;
  hours: number;
  ready: () => boolean;
  last: () => Promise<number | null>;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
}): DueJob {
  if (opts.hours <= 0) return { stop: async () => {}, poke: () => {} };
  const interval = opts.hours * 3600_000;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || !opts.ready()) return;
    running = (async () => {
      const last = await opts.last();
      if (last !== null && Date.now() - last < interval) return;
      if (!(await claimJob(opts.db, opts.name, interval * 0.9))) return;
      await opts.run();
    })()
      .catch((err: unknown) => opts.log.warn({ err }, `the ${opts.what} could not run; trying again later`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, Math.min(LOOK_EVERY_MS, interval));
  timer.unref();
  return {
    poke: tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
