/** The revenue report as a table, CSV or JSON; and its query, parsed alike for the CLI and GET /api/stats. Pure. */
import type { StatsQuery, StatsRow } from '../report-shapes.ts';
import { csvField } from './format.ts';
import { parseReportQuery } from './query.ts';
import { formatRecords } from './records.ts';

export interface StatsReport {
  query: StatsQuery;
  rows: StatsRow[];
  total: StatsRow;
  unmatched: { conversions: number; revenue: Record<string, string> };
}

/** The flags or parameters of a revenue report: checked and defaulted as the click report's. */
export function parseStatsQuery(raw: { by?: string[]; since?: string; until?: string }, today: string): StatsQuery {
  const { by, since, until } = parseReportQuery(raw, today);
  return { by, since, until };
}

const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);
const ratio = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
const money = (s: string) => s.replace(/(\.\d\d)00$/, '$1');

/** Every currency in the report, sorted: one revenue and one EPC column each. */
const currencies = (r: StatsReport) => [...new Set([r.total, ...r.rows].flatMap((row) => Object.keys(row.revenue)))].sort();

function flat(r: StatsReport, row: StatsRow, forPeople: boolean): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const d of r.query.by) out[d] = (row[d] as string | null) ?? null;
  out.views = row.views;
  out.clicks = row.clicks;
  out.clickers = row.clickers;
  out.ctr = forPeople ? pct(row.ctr) : ratio(row.ctr);
  out.conversions = row.conversions;
  out.conversion_rate = forPeople ? pct(row.conversion_rate) : ratio(row.conversion_rate);
  for (const c of currencies(r)) {
    out[`revenue_${c}`] = row.revenue[c] ? (forPeople ? money(row.revenue[c]!) : row.revenue[c]!) : forPeople ? '' : '0.0000';
    out[`epc_${c}`] = row.epc[c] ? (forPeople ? money(row.epc[c]!) : row.epc[c]!) : forPeople ? '' : null;
  }
  return out;
}

const columns = (r: StatsReport) => [
  ...r.query.by,
  'views',
  'clicks',
  'clickers',
  'ctr',
  'conversions',
  'conversion_rate',
  ...currencies(r).flatMap((c) => [`revenue_${c}`, `epc_${c}`]),
];

/** The total row says so in its first column: the first --by column, or a column of its own when there is none. */
export function formatStatsTable(r: StatsReport): string {
  const label = r.query.by[0] ?? '';
  const rows = [...r.rows.map((row) => flat(r, row, true)), { ...flat(r, r.total, true), [label]: 'TOTAL' }];
  const note = r.unmatched.conversions
    ? `\n${r.unmatched.conversions} conversions name no known click (${Object.entries(r.unmatched.revenue)
        .map(([c, a]) => `${c} ${money(a)}`)
        .join(', ')}): counted in the total only.`
    : '';
  const cols = r.query.by.length ? columns(r) : ['', ...columns(r)];
  return `${formatRecords(rows, cols, 'table', 40)}${r.query.since} to ${r.query.until} (UTC). Clicks count people; reversed conversions are left out; revenue is never added across currencies.${note}\n`;
}

export function formatStatsCsv(r: StatsReport): string {
  const cols = columns(r);
  const lines = [
    cols.join(','),
    ...r.rows
      .map((row) => flat(r, row, false))
      .map((o) => cols.map((c) => csvField(o[c] === null || o[c] === undefined ? '' : String(o[c]))).join(',')),
  ];
  return lines.map((l) => `${l}\r\n`).join('');
}

/** JSON keeps revenue and EPC as objects by currency. */
export function statsObjects(r: StatsReport) {
  return { since: r.query.since, until: r.query.until, by: r.query.by, rows: r.rows, total: r.total, unmatched: r.unmatched };
}
