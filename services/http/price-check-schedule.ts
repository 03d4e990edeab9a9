/**
 * `vpnsite serve` runs the price check every PRICE_CHECK_INTERVAL_HOURS (off by default) and stores the results, which
 * `vpnsite prices report` reads; when a price changed or could not be read it mails the owner (CONTACT_NOTIFY_TO)
 * through the outbox, in the statement that stores the run. Like the link check it looks every few minutes whether a
 * run is due, judged by the last stored run, and several instances on one database run it once between them. It never
 * writes content: an editor records the prices with `vpnsite prices check --write` and rebuilds (docs/prices.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { claimJob, lastPriceCheck, savePriceCheck, type Db } from '../db/index.ts';
import { checkPrices, type PricedProvider } from '../prices/check.ts';

const LOOK_EVERY_MS = 5 * 60_000;

export function schedulePriceChecks(opts: {
  db: Db;
  hours: number;
  timeoutMs: number;
  ready: () => boolean;
  providers: () => readonly PricedProvider[];
  /** The owner's address; without one the results are stored and logged, and no mail is queued. */
  notifyTo: string | undefined;
  /** The day the observations would be dated (the service reads VPNSITE_TODAY like the build). */
  today: () => string;
  log: FastifyBaseLogger;
  saved?: () => void;
}): { stop: () => Promise<void>; poke: () => void } {
  if (opts.hours <= 0) return { stop: async () => {}, poke: () => {} };
  const interval = opts.hours * 3600_000;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || !opts.ready()) return;
    running = (async () => {
      const last = await lastPriceCheck(opts.db);
      if (last !== null && Date.now() - last < interval) return;
      if (!(await claimJob(opts.db, 'price-check', interval * 0.9))) return;
      const { rows } = await checkPrices(opts.providers(), opts.today(), { timeoutMs: opts.timeoutMs });
      await savePriceCheck(opts.db, rows, opts.notifyTo);
      opts.saved?.();
      const changed = rows.filter((r) => r.error === null && r.changed);
      const failed = rows.filter((r) => r.error !== null);
      const summary = { fields: rows.length, changed: changed.length, failed: failed.length };
      if (changed.length || failed.length)
        opts.log.warn(
          {
            ...summary,
            mailed: opts.notifyTo ?? null,
            problems: [...changed, ...failed].map((r) => `${r.provider}/${r.plan} ${r.field}: ${r.error ?? `${r.previous} -> ${r.found}`}`),
          },
          'price check: some prices changed or could not be read; run `vpnsite prices check --write` and rebuild',
        );
      else opts.log.info(summary, 'price check: every price read is as the content has it');
    })()
      .catch((err: unknown) => opts.log.warn({ err }, 'the price check could not run; trying again later'))
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
