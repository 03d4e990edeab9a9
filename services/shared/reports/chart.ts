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
export function chartData(
  rows: ReportRow[],
  since: string,
  until: string,
  dims: readonly Exclude<Dimension, 'day'>[] = ['provider'],
): ChartData {
  const days: string[] = [];
  for (let d = since; d <= until; d = addDays(d, 1)) days.push(d);
  const index = new Map(days.map((d, i) => [d, i]));
  const byProvider = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.day) continue;
    const name = dims.map((d) => row[d] ?? '(none)').join(' · ');
    const values =
      byProvider.get(name) ??
      byProvider
        .set(
          name,
          days.map(() => 0),
        )
        .get(name)!;
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
  return Math.max(step, 1);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Roughly how wide a label of `chars` characters is at the chart's 12 px system font. */
const labelWidth = (chars: number) => chars * 7;
/** The least room between two x-axis labels. */
const LABEL_GAP = 12;

/**
 * Which days get an x-axis label: evenly spaced, as many as fit without touching, always the first and the last
 * (the last replacing the one before it when they would touch).
 */
export function labelledDays(n: number, plotWidth: number, chars = 10): number[] {
  if (n <= 0) return [];
  const room = labelWidth(chars) + LABEL_GAP;
  const spacing = n === 1 ? plotWidth : plotWidth / (n - 1);
  const every = Math.max(1, Math.ceil(room / spacing));
  const picked: number[] = [];
  for (let i = 0; i < n; i += every) picked.push(i);
  const last = n - 1;
  if (picked[picked.length - 1] !== last) {
    if ((last - picked[picked.length - 1]!) * spacing < room && picked.length > 1) picked.pop();
    picked.push(last);
  }
  return picked;
}

/** Marker shapes, one per series in turn, drawn hollow so lines with the same values stay distinguishable. */
const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
function marker(shape: (typeof MARKERS)[number], cx: number, cy: number, colour: string, title: string): string {
  const t = title ? `<title>${escapeXml(title)}</title>` : '';
  const attrs = `fill="#fff" stroke="${colour}" stroke-width="1.5"`;
  if (shape === 'circle') return `<circle cx="${cx}" cy="${cy}" r="3.5" ${attrs}>${t}</circle>`;
  if (shape === 'square') return `<rect x="${r1(cx - 3.5)}" y="${r1(cy - 3.5)}" width="7" height="7" ${attrs}>${t}</rect>`;
  if (shape === 'triangle')
    return `<path d="M${cx} ${r1(cy - 4.5)} L${r1(cx + 4.5)} ${r1(cy + 3.5)} L${r1(cx - 4.5)} ${r1(cy + 3.5)} Z" ${attrs}>${t}</path>`;
  return `<path d="M${cx} ${r1(cy - 5)} L${r1(cx + 5)} ${cy} L${cx} ${r1(cy + 5)} L${r1(cx - 5)} ${cy} Z" ${attrs}>${t}</path>`;
}

export interface ChartOptions {
  /** The y axis' title (default "Clicks (people)"). */
  yLabel?: string;
  /** Formats a value for the axis and the markers' tooltips. */
  format?: (n: number) => string;
  /**
   * A phone's layout, drawn at its own size (360 px wide) rather than scaled down from the wide one, whose 12 px text
   * shrank to 5 px at 390 px: the legend under the plot, fewer y ticks, and days as MM-DD so more of them fit.
   */
  compact?: boolean;
  /** The id of the chart's title element, for a page that shows more than one chart. */
  id?: string;
}

/** The wide layout's size and margins, or a phone's, whose legend takes a row per series under the plot. */
function layout(compact: boolean, series: number) {
  if (!compact) return { w: W, h: H, m: M, ticks: 5, legendBelow: false };
  const legend = series * 20;
  return { w: 360, h: 300 + legend, m: { top: 16, right: 16, bottom: 52 + legend, left: 56 }, ticks: 3, legendBelow: true };
}

/**
 * A standalone SVG document (or element, for inlining) of the chart. Every point has a hollow marker of its series'
 * shape, with a tooltip naming the series, the day and the value, and the legend shows line and shape: two series
 * with the same values are both visible. At most 120 days get markers; beyond that they would merge into the line.
 */
export function lineChartSvg(data: ChartData, title: string, opts: ChartOptions = {}): string {
  const { w: W, h: H, m: M, ticks, legendBelow } = layout(opts.compact === true, data.series.length);
  const id = opts.id ?? 'chart-title';
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const format = opts.format ?? fmt;
  const dayLabel = (day: string) => (legendBelow ? day.slice(5) : day);
  const max = Math.max(0, ...data.series.flatMap((s) => s.values));
  const step = niceStep(max, ticks);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const n = data.days.length;
  const x = (i: number) => r1(M.left + (n === 1 ? plotW / 2 : (i / (n - 1)) * plotW));
  const y = (v: number) => r1(M.top + plotH - (v / top) * plotH);
  const parts: string[] = [];
  for (let v = 0; v <= top; v += step) {
    parts.push(`<line class="grid" x1="${M.left}" x2="${M.left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="#e2e8f0"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(v) + 4}" text-anchor="end">${escapeXml(format(v))}</text>`);
  }
  for (const i of labelledDays(n, plotW, legendBelow ? 5 : 10)) {
    parts.push(`<line x1="${x(i)}" x2="${x(i)}" y1="${M.top + plotH}" y2="${M.top + plotH + 5}" stroke="#334155"/>`);
    parts.push(`<text class="day" x="${x(i)}" y="${M.top + plotH + 20}" text-anchor="middle">${dayLabel(data.days[i]!)}</text>`);
  }
  parts.push(`<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + plotH}" stroke="#334155"/>`);
  parts.push(`<line class="axis" x1="${M.left}" x2="${M.left + plotW}" y1="${M.top + plotH}" y2="${M.top + plotH}" stroke="#334155"/>`);
  parts.push(`<text x="${M.left + plotW / 2}" y="${legendBelow ? M.top + plotH + 40 : H - 8}" text-anchor="middle">UTC day</text>`);
  parts.push(
    `<text transform="translate(16 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(opts.yLabel ?? 'Clicks (people)')}</text>`,
  );
  const markers = n <= 120;
  data.series.forEach((s, k) => {
    const colour = COLOURS[k % COLOURS.length]!;
    const dash = DASHES[Math.floor(k / COLOURS.length) % DASHES.length]!;
    const shape = MARKERS[k % MARKERS.length]!;
    const d = s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i)} ${y(v)}`).join(' ');
    const dashAttr = dash ? ` stroke-dasharray="${dash}"` : '';
    parts.push(
      `<path class="series" data-provider="${escapeXml(s.provider)}" d="${d}" fill="none" stroke="${colour}" stroke-width="2"${dashAttr}><title>${escapeXml(s.provider)}</title></path>`,
    );
    if (markers || n === 1) {
      parts.push(
        `<g class="markers" data-series="${escapeXml(s.provider)}">${s.values.map((v, i) => marker(shape, x(i), y(v), colour, `${s.provider}, ${data.days[i]}: ${format(v)}`)).join('')}</g>`,
      );
    }
    const ly = legendBelow ? M.top + plotH + 62 + k * 20 : M.top + 8 + k * 22;
    const lx = legendBelow ? M.left : M.left + plotW + 24;
    parts.push(
      `<g class="legend-item"><line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="3"${dashAttr}/>${marker(shape, lx + 12, ly, colour, '')}<text x="${lx + 32}" y="${ly + 4}">${escapeXml(s.provider)}</text></g>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${id}" font-family="system-ui, sans-serif" font-size="12" fill="#0f172a">`,
    `<title id="${id}">${escapeXml(title)}</title>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
