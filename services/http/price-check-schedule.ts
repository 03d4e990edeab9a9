/**
 * `vpnsite serve` runs the price check every PRICE_CHECK_INTERVAL_HOURS (off by default) and stores the results, which
 * `vpnsite prices report` reads; when a price changed or could not be read it mails the owner (CONTACT_NOTIFY_TO)
 * through the outbox, in the statement that stores the run. Like the link check it looks every few minutes whether a
 * run is due, judged by the last stored run, and several instances on one database run it once between them. It never
 * writes content: an editor records the prices with `vpnsite prices check --write` and rebuilds (docs/prices.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { claimJob, lastPriceCheck, savePriceCheck, type Db } from '../db/index.ts';
import { today } from '../content/index.ts';
import { checkPrices, type PricedProvider } from '../prices/check.ts';
import type { ServiceConfig } from './config.ts';

const LOOK_EVERY_MS = 5 * 60_000;

/** Starts looking for due runs (none while PRICE_CHECK_INTERVAL_HOURS is 0); `poke` looks at once, `stop` waits for a run. */
export function schedulePriceChecks(
  db: Db,
  config: Pick<ServiceConfig, 'priceCheckIntervalHours' | 'priceCheckTimeoutMs' | 'mail'>,
  opts: {
    ready: () => boolean;
    providers: () => readonly PricedProvider[];
    log: FastifyBaseLogger;
  },
): { stop: () => Promise<void>; poke: () => void } {
  const hours = config.priceCheckIntervalHours;
  // The owner's address; without one the results are stored and logged, and no mail is queued.
  const notifyTo = config.mail.contactNotifyTo;
  if (hours <= 0) return { stop: async () => {}, poke: () => {} };
  const interval = hours * 3600_000;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || !opts.ready()) return;
    running = (async () => {
      const last = await lastPriceCheck(db);
      if (last !== null && Date.now() - last < interval) return;
      if (!(await claimJob(db, 'price-check', interval * 0.9))) return;
      const { rows } = await checkPrices(opts.providers(), today(), { timeoutMs: config.priceCheckTimeoutMs });
      await savePriceCheck(db, rows, notifyTo);
      const changed = rows.filter((r) => r.error === null && r.changed);
      const failed = rows.filter((r) => r.error !== null);
      const summary = { fields: rows.length, changed: changed.length, failed: failed.length };
      if (changed.length || failed.length)
        opts.log.warn(
          {
            ...summary,
            mailed: notifyTo ?? null,
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
