/**
 * The click report's queries. They read the daily rollup for fresh days and the raw clicks for days marked
 * stale (migration 005), so the answer always equals the same report computed from the raw rows alone,
 * which `source: 'raw'` does (the benchmark's baseline and the tests' reference).
 */
import type { ClickReport, Dimension, ReportQuery, ReportRow } from '../shared/report-shapes.ts';
import type { Queryable } from './types.ts';

export type ReportSource = 'rollup' | 'raw';

// The rollup's `grouped` bits and the clicks column behind each non-day dimension.
const GROUPS = [
  { dim: 'provider', column: 'provider', bit: 1 },
  { dim: 'page', column: 'from_path', bit: 2 },
  { dim: 'placement', column: 'placement', bit: 4 },
  { dim: 'destination', column: 'destination', bit: 8 },
  { dim: 'variant', column: 'variant', bit: 16 },
  { dim: 'country', column: 'country', bit: 32 },
  { dim: 'device', column: 'device', bit: 64 },
] as const;

/**
 * The groupings the rollup keeps (migration 014): every combination of provider, page and placement, and each
 * routing column alone or with the provider. Any other is read from the raw clicks, exact but slower.
 */
const ROLLED_UP = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 32, 33, 64, 65]);

const DAY_START = (day: string) => `${day}::timestamp AT TIME ZONE 'UTC'`;
// A click past its visitor's per-minute budget (migration 010) is neither a human click nor a bot's.
const COUNTS = `count(*) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget) AS clicks,
  count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget) AS uniques,
  count(*) FILTER (WHERE c.is_bot) AS bot_clicks,
  count(*) FILTER (WHERE c.over_budget AND NOT c.is_bot) AS over_budget_clicks`;

/**
 * Per-day rows for the dimensions in `by`, from the rollup (plus raw stale days) or from the raw clicks only. The stale
 * days (at most a day or two) are given in `stale`, each scanned with its own constant bounds: joined to the small,
 * ever-changing stale table instead, the planner could misjudge its size and scan every click.
 */
function perDaySql(by: Dimension[], source: ReportSource, stale: readonly string[]): { sql: string; params: unknown[] } {
  const cols = GROUPS.map((g) => (by.includes(g.dim) ? `c.${g.column}` : 'NULL::text')).join(', ');
  const rawCols = `${cols
    .split(', ')
    .map((c, i) => `${c} AS ${GROUPS[i]!.column}`)
    .join(', ')}`;
  const groupCols = GROUPS.map((_, i) => i + 2).join(', ');
  const grouped = GROUPS.reduce((mask, g) => mask | (by.includes(g.dim) ? g.bit : 0), 0);
  const raw = (bounds: string) => `SELECT (c.clicked_at AT TIME ZONE 'UTC')::date AS day, ${rawCols}, ${COUNTS}
      FROM clicks c WHERE ${bounds}
      GROUP BY 1, ${groupCols}`;
  if (source === 'raw' || !ROLLED_UP.has(grouped)) {
    return { sql: raw(`c.clicked_at >= ${DAY_START('$1::date')} AND c.clicked_at < ${DAY_START('($2::date + 1)')}`), params: [] };
  }
  const params: unknown[] = [stale];
  const parts = [
    `SELECT r.day, ${GROUPS.map((g) => `r.${g.column}`).join(', ')}, r.clicks, r.uniques, r.bot_clicks, r.over_budget_clicks
      FROM click_rollup r
      WHERE r.grouped = ${grouped} AND r.day BETWEEN $1::date AND $2::date AND r.day <> ALL($3::date[])`,
  ];
  for (const day of stale) {
    params.push(`${day}T00:00:00Z`);
    const at = `$${params.length + 2}::timestamptz`;
    parts.push(raw(`c.clicked_at >= ${at} AND c.clicked_at < ${at} + interval '1 day'`));
  }
  return { sql: parts.join(' UNION ALL '), params };
}

const OUTPUT: Record<Dimension, string> = {
  day: `to_char(day, 'YYYY-MM-DD') AS day`,
  provider: 'provider',
  page: 'from_path AS page',
  placement: 'placement',
  destination: 'destination',
  variant: 'variant',
  country: 'country',
  device: 'device',
};
const KEY: Record<Dimension, string> = {
  day: 'day',
  provider: 'provider',
  page: 'from_path',
  placement: 'placement',
  destination: 'destination',
  variant: 'variant',
  country: 'country',
  device: 'device',
};
const ORDER = Object.fromEntries(Object.entries(KEY).map(([d, col]) => [d, d === 'day' ? col : `${col} COLLATE "C"`])) as Record<
  Dimension,
  string
>;

/** The report rows, grouped by `by` in the order given and sorted by those columns. */
export async function clickRows(db: Queryable, query: ReportQuery, source: ReportSource = 'rollup'): Promise<ReportRow[]> {
  const select = query.by.map((d) => OUTPUT[d]);
  const sums = ['clicks', 'uniques', 'bot_clicks', 'over_budget_clicks'].map((c) => `coalesce(sum(${c}), 0)::bigint AS ${c}`);
  const groupBy = query.by.length
    ? `GROUP BY ${query.by.map((d) => KEY[d]).join(', ')} ORDER BY ${query.by.map((d) => ORDER[d]).join(', ')}`
    : '';
  const stale =
    source === 'raw'
      ? []
      : (
          await db.query<{ day: string }>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM click_rollup_stale WHERE day BETWEEN $1::date AND $2::date ORDER BY day`,
            [query.since, query.until],
          )
        ).rows.map((r) => r.day);
  const perDay = perDaySql(query.by, source, stale);
  const sql = `SELECT ${[...select, ...sums].join(', ')} FROM (${perDay.sql}) per_day ${groupBy}`;
  const { rows } = await db.query<ReportRow & { bot_clicks: number; over_budget_clicks: number }>(sql, [
    query.since,
    query.until,
    ...perDay.params,
  ]);
  // A group with none of the columns shown would be a row of zeros.
  const shown = (r: (typeof rows)[number]) =>
    r.clicks > 0 ||
    query.by.length === 0 ||
    (query.includeBots && r.bot_clicks > 0) ||
    (query.includeOverBudget && r.over_budget_clicks > 0);
  return rows.filter(shown).map(({ bot_clicks, over_budget_clicks, ...row }) => ({
    ...row,
    ...(query.includeBots ? { bot_clicks } : {}),
    ...(query.includeOverBudget ? { over_budget_clicks } : {}),
  }));
}

/** The rows and the total row of a report. */
export async function clickReport(db: Queryable, query: ReportQuery, source: ReportSource = 'rollup'): Promise<ClickReport> {
  const [rows, totals] = await Promise.all([clickRows(db, query, source), clickRows(db, { ...query, by: [] }, source)]);
  return { query, rows, total: totals[0]! };
}
