/**
 * Benchmark: the click report on a year of traffic. A throwaway PostgreSQL gets 10,000,000 clicks
 * over 365 days (8 providers, 40 pages, 10 placements, generate_series), the rollup is filled the way the
 * service does it (every inserted day is stale, refresh_click_rollup per day), the newest day is left stale as
 * it is between two scheduled refreshes, and then the 30-day `--by provider --by day` and the full-year
 * `--by provider` reports are timed from the rollup and from the raw rows, side by side. It also times what the
 * click writer pays per 500-click batch for marking days stale, against keeping exact uniques incrementally.
 * Then it adds 50,000,000 page views and about 200,000 conversions over the same year and times the revenue report
 * (`vpnsite stats`, 30 days by page, by day and by provider) from its rollups and from the raw rows.
 * Run: `npm run bench:report` (BENCH_CLICKS and BENCH_VIEWS to change the row counts).
 */
import { performance } from 'node:perf_hooks';
import {
  clickReport,
  migrate,
  openDb,
  refreshClickRollup,
  statsReport,
  type Db,
  type ReportSource,
  type StatsQuery,
} from '../../services/db/index.ts';
import { addDays, type ReportQuery } from '../../services/shared/reports/index.ts';
import { startTestPostgres } from '../lib/throwaway-postgres.ts';
import { GENERATE, GENERATE_CONVERSIONS, GENERATE_VIEWS } from './year-of-traffic.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 50_000_000);
const RUNS = 7;
const LAST_DAY = new Date().toISOString().slice(0, 10);
const FIRST_DAY = addDays(LAST_DAY, -364);

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const result = await fn();
  return [performance.now() - t, result];
}

/** Median of RUNS after one warm-up run. */
async function medianMs(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(fn))[0]);
  return median(times);
}

async function writerCost(db: Db): Promise<{ mark: number; incremental: number }> {
  const batch = `SELECT now() - (g % 60) * interval '1 second', 'nordvpn', '/page-' || (g % 40), 'slot-' || (g % 10), g % 8 = 0, md5(random()::text) || md5(random()::text) FROM generate_series(1, 500) g`;
  const mark = await medianMs(() =>
    db.query(`INSERT INTO clicks (clicked_at, provider, from_path, placement, is_bot, visitor_hash) ${batch}`),
  );
  // The alternative: the writer keeps uniques exact itself, which needs every (day, grouping, visitor) seen so
  // far (eight groupings per click) and an upsert of the rollup rows. Timed on a copy, without the stale trigger.
  await db.script(`
    CREATE TABLE bench_clicks (LIKE clicks INCLUDING DEFAULTS);
    CREATE INDEX ON bench_clicks USING brin (clicked_at);
    CREATE TABLE bench_seen (day date, grouped smallint, provider text, from_path text, placement text, visitor_hash text,
      UNIQUE NULLS NOT DISTINCT (day, grouped, provider, from_path, placement, visitor_hash));
    INSERT INTO bench_seen SELECT (clicked_at AT TIME ZONE 'UTC')::date, 7, provider, from_path, placement, visitor_hash
      FROM clicks WHERE clicked_at >= now() - interval '1 day' AND NOT is_bot ON CONFLICT DO NOTHING;
    CREATE TABLE bench_rollup (LIKE click_rollup INCLUDING DEFAULTS);
    CREATE UNIQUE INDEX ON bench_rollup (day, grouped, provider, from_path, placement) NULLS NOT DISTINCT;`);
  const incremental = await medianMs(() =>
    db.query(`WITH ins AS (INSERT INTO bench_clicks (id, clicked_at, provider, from_path, placement, is_bot, visitor_hash) SELECT nextval('clicks_id_seq'), * FROM (${batch}) b RETURNING *),
      sets AS (SELECT (clicked_at AT TIME ZONE 'UTC')::date AS day, m.grouped,
                 CASE WHEN m.grouped & 1 > 0 THEN provider END AS provider, CASE WHEN m.grouped & 2 > 0 THEN from_path END AS from_path,
                 CASE WHEN m.grouped & 4 > 0 THEN placement END AS placement, is_bot, visitor_hash
               FROM ins CROSS JOIN generate_series(0, 7) AS m(grouped)),
      fresh AS (INSERT INTO bench_seen SELECT day, grouped, provider, from_path, placement, visitor_hash FROM sets WHERE NOT is_bot
                ON CONFLICT DO NOTHING RETURNING *)
      INSERT INTO bench_rollup (day, grouped, provider, from_path, placement, clicks, uniques, bot_clicks)
      SELECT s.day, s.grouped, s.provider, s.from_path, s.placement, count(*) FILTER (WHERE NOT s.is_bot),
             (SELECT count(*) FROM fresh f WHERE (f.day, f.grouped) = (s.day, s.grouped) AND f.provider IS NOT DISTINCT FROM s.provider
                AND f.from_path IS NOT DISTINCT FROM s.from_path AND f.placement IS NOT DISTINCT FROM s.placement),
             count(*) FILTER (WHERE s.is_bot)
      FROM sets s GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (day, grouped, provider, from_path, placement) DO UPDATE
        SET clicks = bench_rollup.clicks + excluded.clicks, uniques = bench_rollup.uniques + excluded.uniques, bot_clicks = bench_rollup.bot_clicks + excluded.bot_clicks`),
  );
  await db.script('DROP TABLE bench_clicks, bench_seen, bench_rollup');
  return { mark, incremental };
}

/** The revenue report on the same year, with page views and conversions added. */
async function revenueReport(db: Db): Promise<void> {
  const [v] = await timed(() => db.query(GENERATE_VIEWS, [FIRST_DAY, VIEWS]));
  // About 200,000 conversions at 10 million clicks: one for every 44th human click.
  const [k] = await timed(() => db.query(GENERATE_CONVERSIONS, [Math.max(1, Math.round((CLICKS / 200_000) * 0.875))]));
  await db.query('VACUUM ANALYZE page_views, conversions');
  const n = (
    await db.query<{ v: string; k: string }>(
      'SELECT (SELECT count(*) FROM page_views)::text AS v, (SELECT count(*) FROM conversions)::text AS k',
    )
  ).rows[0]!;
  const [r] = await timed(() => refreshClickRollup(db));
  await db.query('VACUUM ANALYZE page_view_rollup');
  await db.query('INSERT INTO click_rollup_stale (day, writes) VALUES ($1, 1) ON CONFLICT DO NOTHING', [LAST_DAY]);
  await db.query('INSERT INTO page_view_rollup_stale (day) VALUES ($1) ON CONFLICT DO NOTHING', [LAST_DAY]);
  console.log(
    `\nrevenue: ${Number(n.v).toLocaleString('en-US')} page views (${(v / 1000).toFixed(0)} s), ${Number(n.k).toLocaleString('en-US')} conversions (${(k / 1000).toFixed(1)} s), page-view rollup filled in ${(r / 1000).toFixed(0)} s`,
  );
  const since = addDays(LAST_DAY, -29);
  const reports: [string, StatsQuery][] = [
    ['stats, 30 days, --by page', { by: ['page'], since, until: LAST_DAY }],
    ['stats, 30 days, --by day', { by: ['day'], since, until: LAST_DAY }],
    ['stats, 30 days, --by provider', { by: ['provider'], since, until: LAST_DAY }],
  ];
  console.log('report                              rollup       raw   speed-up');
  for (const [name, query] of reports) {
    // As the service runs, without JIT (the click part above leaves it on in some pooled connections); the raw
    // baseline gets the faster of JIT off and on.
    const run =
      (source: ReportSource, jit: 'on' | 'off' = 'off') =>
      () =>
        db.withConnection(async (conn) => {
          await conn.query(`SET jit = ${jit}`);
          return statsReport(conn, query, source);
        });
    if (JSON.stringify(await run('rollup')()) !== JSON.stringify(await run('raw')()))
      throw new Error(`${name}: rollup and raw reports differ`);
    const fast = await medianMs(run('rollup'));
    const raw = Math.min(await medianMs(run('raw')), await medianMs(run('raw', 'on')));
    console.log(`${name.padEnd(34)} ${ms(fast).padStart(9)} ${ms(raw).padStart(10)} ${`${(raw / fast).toFixed(0)}×`.padStart(9)}`);
  }
}

const server = await startTestPostgres();
const db = await openDb({ databaseUrl: server.url, pgliteDir: '', poolSize: 4 });
try {
  await migrate(db);
  console.log(
    `PostgreSQL ${(await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v}; ${CLICKS.toLocaleString('en-US')} clicks, ${FIRST_DAY} to ${LAST_DAY}`,
  );
  const [genMs] = await timed(() => db.query(GENERATE, [FIRST_DAY, CLICKS]));
  await db.query('VACUUM ANALYZE clicks');
  console.log(`generated in ${(genMs / 1000).toFixed(1)} s`);
  const [refreshMs, days] = await timed(() => refreshClickRollup(db));
  await db.query('VACUUM ANALYZE click_rollup');
  const rollupRows = (await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM click_rollup')).rows[0]!.n;
  console.log(
    `rollup filled by refresh_click_rollup: ${days.length} days in ${(refreshMs / 1000).toFixed(1)} s (${ms(refreshMs / days.length)} per day), ${rollupRows.toLocaleString('en-US')} rows`,
  );
  const oneDay = await medianMs(() => db.query('SELECT refresh_click_rollup($1::date)', [addDays(LAST_DAY, -1)]));
  // Between two scheduled refreshes the newest day is stale: reports read it from the raw rows.
  await db.query('INSERT INTO click_rollup_stale (day, writes) VALUES ($1, 1)', [LAST_DAY]);

  const reports: [string, ReportQuery][] = [
    ['30 days, --by provider --by day', { by: ['provider', 'day'], since: addDays(LAST_DAY, -29), until: LAST_DAY, includeBots: false }],
    ['365 days, --by provider', { by: ['provider'], since: FIRST_DAY, until: LAST_DAY, includeBots: false }],
  ];
  console.log('\nreport                              rollup       raw   speed-up');
  for (const [name, query] of reports) {
    // The service runs without JIT (services/db/pg.ts); the raw baseline gets the faster of JIT off and on.
    const run = (source: ReportSource, jit: 'on' | 'off') => () =>
      db.withConnection(async (conn) => {
        await conn.query(`SET jit = ${jit}`);
        return clickReport(conn, query, source);
      });
    const [a, b] = [await run('rollup', 'off')(), await run('raw', 'off')()];
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${name}: rollup and raw reports differ`);
    const rollup = await medianMs(run('rollup', 'off'));
    const raw = Math.min(await medianMs(run('raw', 'off')), await medianMs(run('raw', 'on')));
    console.log(`${name.padEnd(34)} ${ms(rollup).padStart(9)} ${ms(raw).padStart(10)} ${`${(raw / rollup).toFixed(0)}×`.padStart(9)}`);
  }
  const writer = await writerCost(db);
  console.log(`\nrefresh of one day (${Math.round(CLICKS / 365).toLocaleString('en-US')} clicks): ${ms(oneDay)}`);
  console.log(
    `click writer, 500-click batch: ${ms(writer.mark)} marking the day stale; ${ms(writer.incremental)} keeping exact uniques incrementally (${(writer.incremental / writer.mark).toFixed(1)}×)`,
  );
  console.log('(medians of 7 runs after a warm-up; identical results from rollup and raw were checked)');
  await revenueReport(db);
} finally {
  await db.close();
  server.destroy();
}
