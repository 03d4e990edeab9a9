/**
 * The revenue report: per group, page views, clicks and unique clickers, CTR, conversions, revenue per currency, EPC
 * and conversion rate. Every figure equals the raw rows': clicks and views come from their daily rollups for days
 * not written since, and from the raw rows for the rest; conversions carry their click's columns. Clicks count people (no bots, nothing past the
 * per-minute budget). A conversion counts with the click its click id names (that click's day, page, provider, …)
 * and unless it was reversed; one naming no known click counts in the total only, as unmatched. Views exist per page
 * and day, so they (and CTR) are given only when the grouping is by page and/or day.
 */
import { clickRows, type ReportSource } from './click-report.ts';
import type { Dimension as StatsDimension, StatsQuery, StatsRow } from '../shared/report-shapes.ts';
import type { Queryable } from './types.ts';

/** The revenue report groups by what the click report does. */
export {
  DIMENSIONS as STATS_DIMENSIONS,
  type Dimension as StatsDimension,
  type StatsQuery,
  type StatsRow,
} from '../shared/report-shapes.ts';

/** The conversions' copy of their click's columns (migration 019). */
const CONVERSION_COLUMN: Record<StatsDimension, string> = {
  day: "to_char(x.click_day, 'YYYY-MM-DD')",
  page: 'x.from_path',
  placement: 'x.placement',
  provider: 'x.provider',
  destination: 'x.destination',
  variant: 'x.variant',
  country: 'x.country',
  device: 'x.device',
};
const RANGE = (col: string) => `${col} >= $1::date::timestamp AT TIME ZONE 'UTC' AND ${col} < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/**
 * Page views per day and path: the rollup for fresh days, the raw rows for the days written since their rollup (at
 * most a day or two), so the count always equals the raw rows'; `raw` reads the raw rows only (the benchmark's and
 * the tests' reference). The stale days are read first and each is scanned with its own constant bounds: joined to
 * the small, ever-changing stale table instead, the planner misjudged its size and scanned every page view (11 s at
 * 50 million rows, against milliseconds).
 */
async function viewsPerDaySql(db: Queryable, q: StatsQuery, source: ReportSource): Promise<{ sql: string; params: unknown[] }> {
  const raw = (bounds: string) =>
    `SELECT (v.viewed_at AT TIME ZONE 'UTC')::date AS day, v.path, count(*)::bigint AS views FROM page_views v WHERE ${bounds} AND NOT v.over_budget GROUP BY 1, 2`;
  if (source === 'raw') return { sql: raw(RANGE('v.viewed_at')), params: [q.since, q.until] };
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM page_view_rollup_stale WHERE day BETWEEN $1::date AND $2::date ORDER BY day`,
    [q.since, q.until],
  );
  const stale = rows.map((r) => r.day);
  const params: unknown[] = [q.since, q.until, stale];
  const parts = [
    `SELECT r.day, r.path, r.views FROM page_view_rollup r WHERE r.day BETWEEN $1::date AND $2::date AND r.day <> ALL($3::date[])`,
  ];
  for (const day of stale) {
    params.push(`${day}T00:00:00Z`);
    parts.push(raw(`v.viewed_at >= $${params.length}::timestamptz AND v.viewed_at < $${params.length}::timestamptz + interval '1 day'`));
  }
  return { sql: parts.join(' UNION ALL '), params };
}

/** Exact decimal arithmetic on the strings PostgreSQL gives for numeric, scaled to 4 places. */
const SCALE = 10_000n;
const toScaled = (s: string) => {
  const neg = s.startsWith('-');
  const [whole, frac = ''] = s.replace('-', '').split('.');
  const v = BigInt(whole!) * SCALE + BigInt(`${frac}0000`.slice(0, 4));
  return neg ? -v : v;
};
const fromScaled = (v: bigint) => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / SCALE}.${(a % SCALE).toString().padStart(4, '0')}`;
};
/** a ÷ n to 4 places, rounded half up. */
const divide = (a: string, n: number) => {
  const v = toScaled(a);
  const q = (v * 2n + BigInt(n) * (v < 0n ? -1n : 1n)) / (2n * BigInt(n));
  return fromScaled(q);
};

const keyOf = (row: Record<string, unknown>, by: readonly string[]) => JSON.stringify(by.map((d) => row[d] ?? null));

export async function statsReport(
  db: Queryable,
  q: StatsQuery,
  source: ReportSource = 'rollup',
): Promise<{ rows: StatsRow[]; total: StatsRow; unmatched: { conversions: number; revenue: Record<string, string> } }> {
  const dims = q.by;
  const group = dims.length ? `GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : '';
  // Clicks and unique clickers as the click report counts them (people only), from its rollup where it has the grouping.
  const clicks = {
    rows: (await clickRows(db, { by: dims, since: q.since, until: q.until, includeBots: false }, source)).map((r) => ({
      ...r,
      clickers: r.uniques,
    })) as (Record<string, unknown> & { clicks: number; clickers: number })[],
  };
  const conv = await db.query<Record<string, unknown> & { currency: string; conversions: number; revenue: string }>(
    `SELECT ${[...dims.map((d) => `${CONVERSION_COLUMN[d]} AS ${d}`), 'x.currency', 'count(*)::int AS conversions', 'sum(x.amount)::text AS revenue'].join(', ')}
     FROM conversions x
     WHERE x.status <> 'reversed' AND x.click_day BETWEEN $1::date AND $2::date
     GROUP BY ${[...dims.map((_, i) => i + 1), dims.length + 1].join(', ')}`,
    [q.since, q.until],
  );
  const viewsApply = dims.every((d) => d === 'day' || d === 'page');
  let views: { rows: (Record<string, unknown> & { views: number })[] } = { rows: [] };
  if (viewsApply) {
    const perDay = await viewsPerDaySql(db, q, source);
    views = await db.query<Record<string, unknown> & { views: number }>(
      `SELECT ${[...dims.map((d) => (d === 'day' ? `to_char(day, 'YYYY-MM-DD') AS day` : 'path AS page')), 'sum(views)::int AS views'].join(', ')}
       FROM (${perDay.sql}) per_day ${group}`,
      perDay.params,
    );
  }
  const unmatched = await db.query<{ currency: string; conversions: number; revenue: string }>(
    `SELECT x.currency, count(*)::int AS conversions, sum(x.amount)::text AS revenue
     FROM conversions x
     WHERE x.status <> 'reversed' AND x.click_day IS NULL AND ${RANGE('x.first_seen_at')}
     GROUP BY x.currency`,
    [q.since, q.until],
  );

  const rows = new Map<string, StatsRow>();
  const rowFor = (r: Record<string, unknown>) => {
    const key = keyOf(r, dims);
    let row = rows.get(key);
    if (!row) {
      row = {
        ...Object.fromEntries(dims.map((d) => [d, r[d] ?? null])),
        views: viewsApply ? 0 : null,
        clicks: 0,
        clickers: 0,
        ctr: null,
        conversions: 0,
        revenue: {},
        epc: {},
        conversion_rate: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  const add = (into: Record<string, string>, currency: string, amount: string) =>
    void (into[currency] = fromScaled(toScaled(into[currency] ?? '0') + toScaled(amount)));
  for (const r of clicks.rows) Object.assign(rowFor(r), { clicks: r.clicks, clickers: r.clickers });
  for (const r of views.rows) rowFor(r).views = r.views;
  for (const r of conv.rows) {
    const row = rowFor(r);
    row.conversions += r.conversions;
    add(row.revenue, r.currency, r.revenue);
  }
  // Unmatched conversions have no click to group by: they count in the total (the report without groupings) only.
  const unmatchedTotals = { conversions: 0, revenue: {} as Record<string, string> };
  for (const u of unmatched.rows) {
    unmatchedTotals.conversions += u.conversions;
    add(unmatchedTotals.revenue, u.currency, u.revenue);
  }
  const finish = (row: StatsRow) => {
    row.ctr = row.views ? row.clicks / row.views : null;
    row.conversion_rate = row.clicks ? row.conversions / row.clicks : null;
    row.epc = row.clicks ? Object.fromEntries(Object.entries(row.revenue).map(([cur, amount]) => [cur, divide(amount, row.clicks)])) : {};
    return row;
  };
  const sorted = [...rows.values()].sort((a, b) => {
    for (const d of dims) {
      const x = String(a[d] ?? '');
      const y = String(b[d] ?? '');
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  if (dims.length === 0) {
    const total = rows.get(keyOf({}, [])) ?? rowFor({});
    total.conversions += unmatchedTotals.conversions;
    for (const [cur, amount] of Object.entries(unmatchedTotals.revenue)) add(total.revenue, cur, amount);
    return { rows: [finish(total)], total, unmatched: unmatchedTotals };
  }
  // The total is its own query: unique clickers do not add up across rows.
  const { total } = await statsReport(db, { ...q, by: [] }, source);
  return { rows: sorted.map(finish), total, unmatched: unmatchedTotals };
}
