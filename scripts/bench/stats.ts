/**
 * Benchmark: the revenue report (`vpnsite stats`) on a year of traffic. A throwaway PostgreSQL gets 10,000,000 clicks,
 * 50,000,000 page views and about 200,000 conversions over 365 days; the rollups are filled the way the service does
 * it, the newest day is left stale as it is between two scheduled refreshes, and the 30-day reports by page, by day
 * and by provider are timed from the rollups and from the raw rows, side by side, after checking they are equal.
 * Run: `npm run bench:stats` (BENCH_CLICKS, BENCH_VIEWS to change the sizes).
 */
import { performance } from 'node:perf_hooks';
import { migrate, openDb, refreshClickRollup, statsReport, type StatsQuery } from '../../services/db/index.ts';
import { addDays } from '../../services/reports/index.ts';
import { startTestPostgres } from '../lib/throwaway-postgres.ts';
import { GENERATE, GENERATE_CONVERSIONS, GENERATE_VIEWS } from './year-of-traffic.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 50_000_000);
const RUNS = 5;
const LAST_DAY = new Date().toISOString().slice(0, 10);
const FIRST_DAY = addDays(LAST_DAY, -364);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}
async function medianMs(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(fn))[0]);
  return median(times);
}

const server = await startTestPostgres();
const db = await openDb({ databaseUrl: server.url, pgliteDir: '', poolSize: 4 });
try {
  await migrate(db);
  console.log(`PostgreSQL ${(await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v}; ${FIRST_DAY} to ${LAST_DAY}`);
  const [c] = await timed(() => db.query(GENERATE, [FIRST_DAY, CLICKS]));
  const [v] = await timed(() => db.query(GENERATE_VIEWS, [FIRST_DAY, VIEWS]));
  const [k] = await timed(() => db.query(GENERATE_CONVERSIONS, [Math.round(CLICKS / 200_000 * 0.875)]));
  await db.query('VACUUM ANALYZE clicks, page_views, conversions');
  const counts = (await db.query<{ c: number; v: number; k: number }>('SELECT (SELECT count(*) FROM clicks)::int8 AS c, (SELECT count(*) FROM page_views)::int8 AS v, (SELECT count(*) FROM conversions)::int8 AS k')).rows[0]!;
  console.log(`generated ${Number(counts.c).toLocaleString('en-US')} clicks (${(c / 1000).toFixed(0)} s), ${Number(counts.v).toLocaleString('en-US')} page views (${(v / 1000).toFixed(0)} s), ${Number(counts.k).toLocaleString('en-US')} conversions (${(k / 1000).toFixed(1)} s)`);
  const [r] = await timed(() => refreshClickRollup(db));
  await db.query('VACUUM ANALYZE click_rollup, page_view_rollup');
  console.log(`rollups filled in ${(r / 1000).toFixed(0)} s`);
  // Between two scheduled refreshes the newest day is stale: reports read it from the raw rows.
  await db.query('INSERT INTO click_rollup_stale (day, writes) VALUES ($1, 1) ON CONFLICT DO NOTHING', [LAST_DAY]);
  await db.query('INSERT INTO page_view_rollup_stale (day) VALUES ($1) ON CONFLICT DO NOTHING', [LAST_DAY]);

  const since = addDays(LAST_DAY, -29);
  const reports: [string, StatsQuery][] = [
    ['30 days, --by page', { by: ['page'], since, until: LAST_DAY }],
    ['30 days, --by day', { by: ['day'], since, until: LAST_DAY }],
    ['30 days, --by provider', { by: ['provider'], since, until: LAST_DAY }],
  ];
  console.log('\nreport                       rollups        raw   speed-up');
  for (const [name, query] of reports) {
    const run = (source: 'rollup' | 'raw') => () => db.withConnection(async (conn) => statsReport(conn, query, source));
    if (JSON.stringify(await run('rollup')()) !== JSON.stringify(await run('raw')())) throw new Error(`${name}: rollup and raw reports differ`);
    const fast = await medianMs(run('rollup'));
    const raw = await medianMs(run('raw'));
    console.log(`${name.padEnd(26)} ${`${fast.toFixed(0)} ms`.padStart(9)} ${`${raw.toFixed(0)} ms`.padStart(10)} ${`${(raw / fast).toFixed(0)}×`.padStart(9)}`);
  }
  console.log(`(medians of ${RUNS} runs after a warm-up; identical results from rollups and raw rows were checked)`);
} finally {
  await db.close();
  server.destroy();
}
