/**
 * The price check on a schedule, through the real service: `vpnsite serve` with PRICE_CHECK_INTERVAL_HOURS reads the
 * pricing pages on loopback (tests/helpers/pricing-pages.ts), stores the run, and mails the owner through the outbox
 * to a loopback SMTP server: no mail when every price is as the content has it, one when a price changed or could not
 * be read, and one run and one mail between two instances on one database. The content is never written.
 */
import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { startInbox, type Inbox } from '../helpers/smtp.ts';
import { createPgDatabase } from '../helpers/service.ts';
import { contentReading, startPricingPages, type PricingPages } from '../helpers/pricing-pages.ts';

const OWNER = 'owner@vpncompass.test';
let pages: PricingPages;
let inbox: Inbox;
beforeAll(async () => void ([pages, inbox] = await Promise.all([startPricingPages(), startInbox()])));
afterAll(async () => Promise.all([pages?.close(), inbox?.stop()]));

const envFor = (databaseUrl: string, data: string) => ({
  DATABASE_URL: databaseUrl,
  VPNSITE_DATA_DIR: data,
  VPNSITE_TODAY: '2026-11-29',
  PRICE_CHECK_INTERVAL_HOURS: '24',
  PRICE_CHECK_TIMEOUT_MS: '5000',
  SMTP_URL: inbox.url,
  MAIL_FROM: 'VPN Compass <site@vpncompass.test>',
  CONTACT_NOTIFY_TO: OWNER,
  MAIL_LINK_SECRET: 'b'.repeat(40),
  LOG_LEVEL: 'warn',
});

/** One query on the test's database. */
async function query<T>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
const runs = async (url: string) => Number((await query<{ n: string }>(url, 'SELECT count(*) AS n FROM price_check_runs'))[0]!.n);
const priceMails = () => inbox.received.filter((m) => m.subject?.startsWith('Price check'));

describe('the scheduled price check', () => {
  let running: ServeProcess[] = [];
  const stopAll = async () => {
    // A graceful stop waits for a run in progress: after it, every run either instance started is stored.
    await Promise.all(running.map((s) => stop(s)));
    running = [];
  };
  afterAll(stopAll);

  it('stores a run and mails nobody when every price read is as the content has it', { timeout: 300_000 }, async () => {
    const databaseUrl = await createPgDatabase(inject('databaseUrl'));
    const data = contentReading(pages, ['surfshark']);
    running = [await spawnServe(envFor(databaseUrl, data), '/healthz/db')];
    await expect.poll(() => runs(databaseUrl), { timeout: 120_000, interval: 200 }).toBe(1);
    await stopAll();
    const outbox = await query(databaseUrl, "SELECT id FROM mail_outbox WHERE kind = 'price-check'");
    expect(outbox).toEqual([]);
    expect(priceMails()).toEqual([]);
    const report = await vpnsiteAsync(['prices', 'report', '--format', 'json'], { DATABASE_URL: databaseUrl });
    expect(JSON.parse(report.stdout)).toEqual([
      expect.objectContaining({
        provider: 'surfshark',
        plan: '2-year',
        field: 'price',
        previous: 2.39,
        found: 2.39,
        changed: false,
        error: null,
      }),
      expect.objectContaining({
        provider: 'surfshark',
        plan: '2-year',
        field: 'regularPrice',
        previous: 12.95,
        found: 12.95,
        changed: false,
      }),
    ]);
  });

  it('runs once between two instances, and mails the owner once about a changed price and a page that failed', {
    timeout: 300_000,
  }, async () => {
    const databaseUrl = await createPgDatabase(inject('databaseUrl'));
    const data = contentReading(pages, ['nordvpn', 'ipvanish']);
    const before = readFileSync(join(data, 'providers', 'nordvpn.yaml'), 'utf8');
    running = await Promise.all([0, 1].map(() => spawnServe(envFor(databaseUrl, data), '/healthz/db')));
    const mail = await inbox.waitFor((m) => m.subject?.startsWith('Price check') ?? false, 120_000);
    await stopAll();
    expect(await runs(databaseUrl)).toBe(1);
    expect(priceMails()).toHaveLength(1);
    expect(mail.subject).toBe('Price check: 2 changed, 1 could not be read');
    expect((mail.to as { text: string }).text).toBe(OWNER);
    expect(mail.text).toContain('nordvpn 2-year price: $3.39 -> $3.59');
    expect(mail.text).toContain('nordvpn 2-year renewalPrice: none -> $99.48');
    expect(mail.text).toContain(`ipvanish 2-year price: ${pages.origin}/ipvanish answered 500`);
    expect(mail.text).toContain('vpnsite prices check --write');
    // The service reports; an editor writes.
    expect(readFileSync(join(data, 'providers', 'nordvpn.yaml'), 'utf8')).toBe(before);
    const report = await vpnsiteAsync(['prices', 'report'], { DATABASE_URL: databaseUrl });
    expect(report.stdout).toMatch(/nordvpn +2-year +price +3\.39 +3\.59 +CHANGED/);
    expect(report.stdout).toMatch(/ipvanish +2-year +price +2\.49 +ERROR +.*answered 500/);
  });
});
