/**
 * The daily rollup against the raw rows on a randomised data set: every grouping, with and without
 * days, stale and refreshed, plus the analyst views; and the analyst role reads those views and nothing else.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickRows, migrate, openDb, refreshClickRollup, type Db } from '../../services/db/index.ts';
import { DIMENSIONS, type Dimension } from '../../services/shared/reports/index.ts';
import { insertClicks, type SeedClick } from '../helpers/clicks.ts';
import { STORE_KINDS, freshDbConfig } from '../helpers/service.ts';

/** mulberry32: a small seeded generator, so a failure can be replayed from the printed seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomClicks(next: () => number, n: number): SeedClick[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const start = Date.UTC(2026, 9, 1);
  return Array.from({ length: n }, () => {
    const day = Math.floor(next() * 20);
    // One click in five sits exactly on a UTC midnight or a millisecond before one.
    const edge = next() < 0.2 ? pick([0, -1]) : Math.floor(next() * 86_400_000);
    return {
      at: new Date(start + day * 86_400_000 + edge).toISOString(),
      provider: pick(['nordvpn', 'surfshark', 'protonvpn', 'atlas-vpn']),
      from: pick(['/', '/deals', '/reviews/nordvpn', '/streaming', null]),
      placement: pick(['hero', 'card', 'table', null]),
      bot: next() < 0.15,
      visitor: pick('abcdef0123456789'.split('')),
    };
  });
}

/** Every subset of the dimensions, in a fixed order. */
const GROUPINGS: Dimension[][] = Array.from({ length: 16 }, (_, mask) => DIMENSIONS.filter((_, i) => mask & (1 << i)));
const RANGE = { since: '2026-09-30', until: '2026-10-21', includeBots: true };

async function expectRollupEqualsRaw(db: Db): Promise<void> {
  for (const by of GROUPINGS) {
    const query = { ...RANGE, by };
    expect(await clickRows(db, query, 'rollup'), by.join('+') || 'total').toEqual(await clickRows(db, query, 'raw'));
  }
  const view =
    await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, provider, from_path AS page, placement, clicks, uniques, bot_clicks FROM click_daily
    ORDER BY day, provider COLLATE "C", from_path COLLATE "C", placement COLLATE "C"`);
  expect(view.rows).toEqual(await clickRows(db, { ...RANGE, by: ['day', 'provider', 'page', 'placement'] }, 'raw'));
  const totals = await db.query('SELECT provider, clicks, uniques FROM click_totals ORDER BY provider COLLATE "C"');
  expect(totals.rows).toEqual(await clickRows(db, { ...RANGE, by: ['provider'], includeBots: false }, 'raw'));
}

describe.each(STORE_KINDS)('click rollup on %s', (kind) => {
  let db: Db;
  const seed = Number(process.env.ROLLUP_SEED ?? Date.now() % 1_000_000);
  beforeAll(async () => {
    db = await openDb(await freshDbConfig(kind));
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`matches the raw rows exactly in every grouping, stale or refreshed (seed ${seed})`, async () => {
    const next = random(seed);
    await insertClicks(db, randomClicks(next, 3000));
    await expectRollupEqualsRaw(db);
    expect((await refreshClickRollup(db)).length).toBeGreaterThanOrEqual(20);
    expect(await db.query('SELECT day FROM click_rollup_stale')).toEqual({ rows: [] });
    await expectRollupEqualsRaw(db);
    // New clicks after a refresh make their days stale again; reports stay exact before the next refresh.
    await insertClicks(db, randomClicks(next, 500));
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM click_rollup_stale')).rows[0]!.n).toBeGreaterThan(0);
    await expectRollupEqualsRaw(db);
    await refreshClickRollup(db);
    await expectRollupEqualsRaw(db);
    const { rows } = await db.query<{ n: number }>('SELECT sum(clicks + bot_clicks)::int AS n FROM click_rollup WHERE grouped = 0');
    expect(rows[0]!.n).toBe(3500);
  });

  it('the schedule recounts a day once no click was written to it since its last look, and reports stay exact meanwhile', async () => {
    const day = (d: string, n: number): SeedClick[] =>
      Array.from({ length: n }, (_, i) => ({
        at: `${d}T0${i % 10}:00:00Z`,
        provider: 'nordvpn',
        from: '/',
        placement: 'hero',
        visitor: `${i % 3}`,
      }));
    await refreshClickRollup(db);
    const settled = new Map<string, number>();
    await insertClicks(db, [...day('2026-10-05', 4), ...day('2026-10-06', 2)]);
    // First look: both days are new to the schedule, so it waits an interval to see whether they are still written.
    expect(await refreshClickRollup(db, settled)).toEqual([]);
    await insertClicks(db, day('2026-10-06', 3));
    await expectRollupEqualsRaw(db);
    // The 5th had no write since; the 6th did, and waits again.
    expect(await refreshClickRollup(db, settled)).toEqual(['2026-10-05']);
    await expectRollupEqualsRaw(db);
    expect(await refreshClickRollup(db, settled)).toEqual(['2026-10-06']);
    expect(await db.query('SELECT day FROM click_rollup_stale')).toEqual({ rows: [] });
    await expectRollupEqualsRaw(db);
  });
});

describe.each(STORE_KINDS)('the analyst role on %s', (kind) => {
  let db: Db;
  let analyst: { query: (sql: string) => Promise<unknown>; close: () => Promise<void> };
  beforeAll(async () => {
    const config = await freshDbConfig(kind);
    db = await openDb(config);
    await migrate(db);
    await insertClicks(db, [{ at: '2026-11-20T10:00:00Z', provider: 'nordvpn', from: '/', placement: 'hero', visitor: 'a' }]);
    if (kind === 'pg') {
      // The step docs/analytics.md gives; the test server trusts loopback, so the password itself is not checked here.
      await db.query("ALTER ROLE analyst WITH LOGIN PASSWORD 'analyst-test-password'");
      const url = new URL(config.databaseUrl!);
      url.username = 'analyst';
      url.password = 'analyst-test-password';
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      analyst = { query: (sql) => client.query(sql), close: () => client.end() };
    } else {
      // PGlite has one connection: the same session switches to the role.
      await db.query('SET ROLE analyst');
      analyst = { query: (sql) => db.query(sql), close: () => db.query('RESET ROLE').then(() => undefined) };
    }
  });
  afterAll(async () => {
    await analyst.close();
    await db.close();
  });

  it('reads click_daily and click_totals', async () => {
    expect(await analyst.query('SELECT provider, clicks, uniques FROM click_totals')).toMatchObject({
      rows: [{ provider: 'nordvpn', clicks: 1, uniques: 1 }],
    });
    expect(await analyst.query("SELECT clicks FROM click_daily WHERE day = '2026-11-20'")).toMatchObject({ rows: [{ clicks: 1 }] });
    expect(
      await analyst.query("SELECT dimension, value FROM click_routing_daily WHERE day = '2026-11-20' AND dimension = 'destination'"),
    ).toMatchObject({ rows: [{ dimension: 'destination' }] });
    expect(await analyst.query('SELECT count(*)::int AS n FROM link_checks')).toMatchObject({ rows: [{ n: 0 }] });
    expect(await analyst.query('SELECT count(*)::int AS n FROM page_view_daily')).toMatchObject({ rows: [{ n: 0 }] });
    expect(await analyst.query('SELECT count(*)::int AS n FROM conversion_daily')).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('cannot read the raw clicks, the rollup or the forms', async () => {
    for (const table of [
      'clicks',
      'click_rollup',
      'click_rollup_stale',
      'visitor_salts',
      'newsletter_subscribers',
      'newsletter_signups',
      'contact_messages',
      'mail_outbox',
      'page_views',
      'conversions',
    ]) {
      await expect(analyst.query(`SELECT * FROM ${table}`), table).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('cannot write anything, even after turning off its read-only default', async () => {
    // ALTER ROLE … SET applies when the role logs in; PGlite has no logins (the session switched with SET ROLE).
    if (kind === 'pg')
      await expect(analyst.query("INSERT INTO clicks (provider) VALUES ('nordvpn')")).rejects.toMatchObject({ code: '25006' });
    await analyst.query('SET default_transaction_read_only = off');
    const writes = [
      "INSERT INTO clicks (provider) VALUES ('nordvpn')",
      'DELETE FROM click_rollup',
      'UPDATE click_rollup_stale SET writes = 0',
      'CREATE TABLE analyst_notes (note text)',
      "SELECT refresh_click_rollup('2026-11-20')",
      // Temporary tables are writable even in a read-only transaction, and pg_temp takes functions too.
      'CREATE TEMP TABLE analyst_scratch (note text)',
      'CREATE TEMPORARY TABLE analyst_copy AS SELECT * FROM click_totals',
      'CREATE FUNCTION pg_temp.analyst_fn() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
      'SELECT lo_create(0)',
    ];
    for (const sql of writes) await expect(analyst.query(sql), sql).rejects.toMatchObject({ code: '42501' });
    // The views combine rollup and raw rows, so they cannot be written through (55000) whatever the grants.
    await expect(analyst.query("INSERT INTO click_daily (day) VALUES ('2026-11-20')")).rejects.toMatchObject({ code: '55000' });
  });

  it('runs with a statement timeout and a cap on temporary files that it cannot lift', async () => {
    // Role settings apply at login, which PGlite has none of.
    if (kind !== 'pg') return;
    expect(await analyst.query('SHOW statement_timeout')).toMatchObject({ rows: [{ statement_timeout: '1min' }] });
    expect(await analyst.query('SHOW temp_file_limit')).toMatchObject({ rows: [{ temp_file_limit: '1GB' }] });
    await expect(analyst.query('SET temp_file_limit = -1')).rejects.toMatchObject({ code: '42501' });
  });
});
