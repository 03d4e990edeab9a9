/** One self-contained HTML page: the line chart inline and the report table under it, nothing fetched. Pure. */
import { chartData, escapeXml, lineChartSvg } from './chart.ts';
import { columns, footer, type ClickReport } from './rows.ts';

/** The chart's title for a range. */
export function chartTitle(since: string, until: string, dims: readonly string[] = ['provider']): string {
  return `Clicks per day per ${dims.join(' and ')}, ${since} to ${until} (UTC)`;
}

/** What the chart's series are: the report's groupings other than the day, or the provider. */
export const seriesOf = (report: ClickReport) => {
  const dims = report.query.by.filter((d): d is Exclude<typeof d, 'day'> => d !== 'day');
  return dims.length ? dims : (['provider'] as const);
};

/** The standalone SVG file written by `--chart FILE.svg`. */
export function chartSvgFile(perDay: ClickReport['rows'], report: ClickReport): string {
  const { since, until } = report.query;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${lineChartSvg(chartData(perDay, since, until, seriesOf(report)), chartTitle(since, until, seriesOf(report)))}\n`;
}

/** The page written by `--chart FILE.html`: `perDay` are rows by day and provider, `report` the table shown under the chart. */
export function chartHtmlFile(perDay: ClickReport['rows'], report: ClickReport): string {
  const { since, until } = report.query;
  const title = chartTitle(since, until, seriesOf(report));
  const cols = columns(report.query);
  const numeric = (c: string) => c === 'clicks' || c === 'uniques' || c === 'bot_clicks' || c === 'over_budget_clicks';
  const td = (v: unknown, c: string) =>
    `<td${numeric(c) ? ' class="n"' : ''}>${v === null || v === undefined ? '(none)' : escapeXml(typeof v === 'number' ? v.toLocaleString('en-US') : String(v))}</td>`;
  const rows = report.rows.map((r) => `<tr>${cols.map((c) => td(r[c], c)).join('')}</tr>`);
  const total = cols.map((c, i) => (numeric(c) ? td(report.total[c], c) : i === 0 ? '<th scope="row">total</th>' : '<td></td>'));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; color: #0f172a; margin: 2rem auto; max-width: 1000px; padding: 0 1rem; }
svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin-top: 1.5rem; }
th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #e2e8f0; text-align: left; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
tfoot th, tfoot td { font-weight: 600; border-top: 2px solid #334155; }
p { color: #334155; }
</style>
</head>
<body>
<h1>${escapeXml(title)}</h1>
${lineChartSvg(chartData(perDay, since, until, seriesOf(report)), title)}
<h2>Report</h2>
<table>
<thead><tr>${cols.map((c) => `<th scope="col"${numeric(c) ? ' class="n"' : ''}>${c.replaceAll('_', ' ')}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot><tr>${total.join('')}</tr></tfoot>
</table>
<p>${escapeXml(footer(report).replace(/\n/g, ' '))}</p>
</body>
</html>
`;
}
