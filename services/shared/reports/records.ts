/** Any list of rows as an aligned table, RFC 4180 CSV or JSON, for the owner's commands. Pure: no I/O. */
import { csvField } from './format.ts';

export type RecordFormat = 'table' | 'csv' | 'json';

type Value = string | number | boolean | null | undefined;

const text = (v: Value) => (v === null || v === undefined ? '' : String(v));

/**
 * `rows` with the columns given, in order. A table cuts a cell at `width` characters and shows a line break as ⏎,
 * so one row stays one line; CSV and JSON keep every value whole.
 */
export function formatRecords<T extends Record<string, Value>>(
  rows: T[],
  cols: (keyof T & string)[],
  format: RecordFormat,
  width = 60,
): string {
  if (format === 'json')
    return `${JSON.stringify(
      rows.map((r) => Object.fromEntries(cols.map((c) => [c, r[c] ?? null]))),
      null,
      2,
    )}\n`;
  if (format === 'csv')
    return [cols.join(','), ...rows.map((r) => cols.map((c) => csvField(text(r[c]))).join(','))].map((l) => `${l}\r\n`).join('');
  const cut = (v: Value) => {
    const one = text(v).replace(/\r?\n/g, '⏎');
    return one.length > width ? `${one.slice(0, width - 1)}…` : one;
  };
  const body = rows.map((r) => cols.map((c) => cut(r[c])));
  const widths = cols.map((c, i) => Math.max(c.length, ...body.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return `${[line(cols), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')}\n`;
}
