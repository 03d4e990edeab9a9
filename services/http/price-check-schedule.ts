/**
 * `vpnsite serve` runs the price check every PRICE_CHECK_INTERVAL_HOURS (off by default) and stores the results, which
 * `vpnsite prices report` reads; when a price changed or could not be read it mails the owner (CONTACT_NOTIFY_TO)
 * through the outbox, in the statement that stores the run. It runs on the schedule every such job keeps (due-job.ts). It never
 * writes content: an editor records the prices with `vpnsite prices check --write` and rebuilds (docs/prices.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { scheduleDueJob, type DueJob } from './due-job.ts';
import { lastPriceCheck, savePriceCheck, type Db } from '../db/index.ts';
import { today } from '../content/index.ts';
import { checkPrices, type PricedProvider } from '../prices/check.ts';
import type { ServiceConfig } from './config.ts';

/** Starts looking for due runs (none while PRICE_CHECK_INTERVAL_HOURS is 0); `poke` looks at once, `stop` waits for a run. */
export function schedulePriceChecks(
  db: Db,
  config: Pick<ServiceConfig, 'priceCheckIntervalHours' | 'priceCheckTimeoutMs' | 'mail'>,
  opts: {
    ready: () => boolean;
    providers: () => readonly PricedProvider[];
    log: FastifyBaseLogger;
  },
): DueJob {
  const hours = config.priceCheckIntervalHours;
  // The owner's address; without one the results are stored and logged, and no mail is queued.
  const notifyTo = config.mail.contactNotifyTo;
  return scheduleDueJob({
    db: db,
    name: 'price-check',
    what: 'price check',
    hours: hours,
    ready: opts.ready,
    last: () => lastPriceCheck(db),
    log: opts.log,
    run: async () => {
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
    },
  });
}
