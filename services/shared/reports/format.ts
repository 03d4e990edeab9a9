/** A click report as an aligned table, RFC 4180 CSV or JSON. Pure: no I/O. */
import { columns, footer, type ClickReport, type Column, type ReportRow } from './rows.ts';

const NUMERIC = new Set<Column>(['clicks', 'uniques', 'bot_clicks', 'over_budget_clicks']);

function cell(row: ReportRow, column: Column): string | number | null {
  const value = row[column];
  return value === undefined ? null : value;
}

/** Aligned columns (text left, numbers right), a rule, a total row and the footer. */
export function formatTable(report: ClickReport): string {
  const cols = columns(report.query);
  const shown = (v: string | number | null, c: Column) =>
    v === null ? '(none)' : NUMERIC.has(c) ? (v as number).toLocaleString('en-US') : String(v);
  const header: string[] = cols;
  const body = report.rows.map((r) => cols.map((c) => shown(cell(r, c), c)));
  const total = cols.map((c, i) => (NUMERIC.has(c) ? shown(cell(report.total, c), c) : i === 0 ? 'total' : ''));
  const widths = cols.map((_, i) => Math.max(...[header, ...body, total].map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (NUMERIC.has(cols[i]!) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line), rule, line(total), '', footer(report), ''].join('\n');
}

// A spreadsheet runs a cell that starts with one of these as a formula: =HYPERLINK(…) in a message's subject, or
// the valid address =1+1@example.com. https://owasp.org/www-community/attacks/CSV_Injection
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain number, negative ones included, is data, not a formula: left as it is so it still sums.
const NUMBER = /^-?\d+(\.\d+)?$/;
// A spreadsheet set to the other list separator (`;` in most of continental Europe, `,` elsewhere) may split a cell
// there, so what follows either separator is held to the formula rule too; without the number exception, as the
// part it splits off ends in the cell's closing quote and is no number to that spreadsheet.
const SEPARATED = /([,;])(?=[=+\-@\t\r])/g;

/** The text with a single quote before it, and after each separator, where a formula would start. */
function neutralised(text: string): string {
  const head = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return head.replace(SEPARATED, "$1'");
}

/**
 * RFC 4180 with every text cell quoted (its quotes doubled), so a `,` or `;` inside stays in the cell whichever list
 * separator the spreadsheet reads with; numbers are left bare so they still sum. A cell, or a part of one after a
 * separator, that a spreadsheet would run as a formula is neutralised as OWASP says: a single quote before it.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  if (text === '' || typeof value === 'number' || NUMBER.test(text)) return text;
  return `"${neutralised(text).replace(/"/g, '""')}"`;
}

/** A header row and one line per row, CRLF line endings (RFC 4180 §2). No total row, so a spreadsheet can sum it. */
export function formatCsv(report: ClickReport): string {
  const cols = columns(report.query);
  const lines = [cols.join(','), ...report.rows.map((r) => cols.map((c) => csvField(cell(r, c))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** An array of objects with the report's columns as keys (null for a page or placement the click lacked). */
export function reportObjects(report: ClickReport): Record<string, string | number | null>[] {
  const cols = columns(report.query);
  return report.rows.map((r) => Object.fromEntries(cols.map((c) => [c, cell(r, c)])));
}

/** JSON text of reportObjects, one array. */
export function formatJson(report: ClickReport): string {
  return `${JSON.stringify(reportObjects(report), null, 2)}\n`;
}
