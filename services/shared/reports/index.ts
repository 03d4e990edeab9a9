/** Click reports without I/O of their own: parsing the request, formatting rows, drawing the chart. */
export {
  addDays,
  DEFAULT_DAYS,
  DIMENSIONS,
  isIsoDay,
  parseReportQuery,
  UsageError,
  type Dimension,
  type RawQuery,
  type ReportQuery,
} from './query.ts';
export { columns, footer, type ClickReport, type Column, type ReportRow } from './rows.ts';
export { formatCsv, formatJson, formatTable, reportObjects } from './format.ts';
export { chartData, escapeXml, labelledDays, lineChartSvg, niceStep, type ChartData, type ChartOptions } from './chart.ts';
export { chartHtmlFile, chartSvgFile, chartTitle, seriesOf } from './html.ts';
export { formatRecords, type RecordFormat } from './records.ts';
export { formatStatsCsv, formatStatsTable, parseStatsQuery, statsObjects, type StatsReport } from './stats-format.ts';
