/** Clicks per day per provider as an SVG line chart: one path per provider, axes, grid and legend. Pure: no I/O. */
import { addDays, type Dimension } from './query.ts';
import type { ReportRow } from './rows.ts';

export interface ChartData {
  /** Every UTC day of the range, in order. */
  days: string[];
  /** One series per provider (or per value of the report's other groupings), a value for every day (0 when it had no clicks). */
  series: { provider: string; values: number[] }[];
}

/** Okabe–Ito colours (distinguishable with colour-blindness), then dashes once they run out. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#8C6D00'];
const DASHES = ['', '6 3', '2 3'];

const W = 960;
const H = 440;
const M = { top: 20, right: 200, bottom: 56, left: 72 };

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Arranges rows grouped by day and `dims` (the provider unless the report asks for others, e.g. variant) into one
 * full-length series per value, named by the values joined with " · " ("surfshark · promo").
 */
export function chartData(rows: ReportRow[], since: string, until: string, dims: readonly Exclude<Dimension, 'day'>[] = ['provider']): ChartData {
  const days: string[] = [];
  for (let d = since; d <= until; d = addDays(d, 1)) days.push(d);
  const index = new Map(days.map((d, i) => [d, i]));
  const byProvider = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.day) continue;
    const name = dims.map((d) => row[d] ?? '(none)').join(' · ');
    const values = byProvider.get(name) ?? byProvider.set(name, days.map(() => 0)).get(name)!;
    const i = index.get(row.day);
    if (i !== undefined) values[i] = row.clicks;
  }
  const series = [...byProvider].map(([provider, values]) => ({ provider, values })).sort((a, b) => (a.provider < b.provider ? -1 : 1));
  return { days, series };
}

/** The smallest of 1, 2, 2.5, 5 × 10^n at or above max / ticks: a round step for the y axis. */
export function niceStep(max: number, ticks = 5): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  return step < 1 ? 1 : step;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A standalone SVG document (or element, for inlining) of the chart. */
export function lineChartSvg(data: ChartData, title: string): string {
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const max = Math.max(0, ...data.series.flatMap((s) => s.values));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const n = data.days.length;
  const x = (i: number) => r1(M.left + (n === 1 ? plotW / 2 : (i / (n - 1)) * plotW));
  const y = (v: number) => r1(M.top + plotH - (v / top) * plotH);
  const parts: string[] = [];
  for (let v = 0; v <= top; v += step) {
    parts.push(`<line class="grid" x1="${M.left}" x2="${M.left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="#e2e8f0"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(v) + 4}" text-anchor="end">${fmt(v)}</text>`);
  }
  const every = Math.max(1, Math.ceil(n / 8));
  data.days.forEach((day, i) => {
    if (i % every !== 0 && i !== n - 1) return;
    parts.push(`<line x1="${x(i)}" x2="${x(i)}" y1="${M.top + plotH}" y2="${M.top + plotH + 5}" stroke="#334155"/>`);
    parts.push(`<text x="${x(i)}" y="${M.top + plotH + 20}" text-anchor="middle">${day}</text>`);
  });
  parts.push(`<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + plotH}" stroke="#334155"/>`);
  parts.push(`<line class="axis" x1="${M.left}" x2="${M.left + plotW}" y1="${M.top + plotH}" y2="${M.top + plotH}" stroke="#334155"/>`);
  parts.push(`<text x="${M.left + plotW / 2}" y="${H - 8}" text-anchor="middle">UTC day</text>`);
  parts.push(`<text transform="translate(16 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">Clicks (people)</text>`);
  data.series.forEach((s, k) => {
    const colour = COLOURS[k % COLOURS.length]!;
    const dash = DASHES[Math.floor(k / COLOURS.length) % DASHES.length]!;
    const d = s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i)} ${y(v)}`).join(' ');
    const dashAttr = dash ? ` stroke-dasharray="${dash}"` : '';
    parts.push(`<path class="series" data-provider="${escapeXml(s.provider)}" d="${d}" fill="none" stroke="${colour}" stroke-width="2"${dashAttr}><title>${escapeXml(s.provider)}</title></path>`);
    if (n === 1) parts.push(`<circle cx="${x(0)}" cy="${y(s.values[0]!)}" r="3" fill="${colour}"/>`);
    const ly = M.top + 8 + k * 22;
    const lx = M.left + plotW + 24;
    parts.push(`<g class="legend-item"><line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="3"${dashAttr}/><text x="${lx + 32}" y="${ly + 4}">${escapeXml(s.provider)}</text></g>`);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="chart-title" font-family="system-ui, sans-serif" font-size="12" fill="#0f172a">`,
    `<title id="chart-title">${escapeXml(title)}</title>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
