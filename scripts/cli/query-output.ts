/**
 * `vpnsite db query`'s output, written a chunk of rows at a time as they come, within a stated row and byte limit:
 * the JSON is the same array the whole result would give, the CSV the same lines.
 */
import { csvField } from '../../services/shared/reports/format.ts';

/** Rows and bytes of output at most, unless the flags say otherwise (0: no limit). */
export const DEFAULT_MAX_ROWS = 100_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const text = (v: unknown) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
const csvLine = (values: unknown[]) => `${values.map((v) => csvField(text(v))).join(',')}\r\n`;
/** One element of a JSON array as JSON.stringify(rows, null, 2) writes it. */
const jsonItem = (row: unknown) => `  ${JSON.stringify(row, null, 2).replace(/\n/g, '\n  ')}`;

export interface QueryOutput {
  /** Takes a chunk; false once the limit is reached (the rest is not wanted). */
  add(rows: Record<string, unknown>[]): Promise<boolean>;
  /** Ends the output; returns the limit that cut it short, if one did. */
  end(): Promise<string | undefined>;
}

/** Writes to `out`, waiting for it to drain between chunks. */
export function queryOutput(
  format: 'json' | 'csv',
  limits: { maxRows: number; maxBytes: number },
  out: NodeJS.WritableStream = process.stdout,
): QueryOutput {
  let rows = 0;
  let bytes = 0;
  let columns: string[] | undefined;
  let cut: string | undefined;
  const write = (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (!chunk) return resolve();
      if (out.write(chunk)) return resolve();
      out.once('drain', resolve);
      out.once('error', reject);
    });
  return {
    async add(chunk) {
      let piece = '';
      for (const row of chunk) {
        if (limits.maxRows && rows >= limits.maxRows) {
          cut = `${limits.maxRows.toLocaleString('en-US')} rows (--max-rows)`;
          break;
        }
        let line: string;
        if (format === 'csv') {
          line = '';
          if (!columns) {
            columns = Object.keys(row);
            line = csvLine(columns);
          }
          line += csvLine(columns.map((c) => row[c]));
        } else line = `${rows ? ',\n' : '[\n'}${jsonItem(row)}`;
        const size = Buffer.byteLength(line);
        if (limits.maxBytes && bytes + size > limits.maxBytes) {
          cut = `${limits.maxBytes.toLocaleString('en-US')} bytes (--max-bytes)`;
          break;
        }
        piece += line;
        bytes += size;
        rows++;
      }
      await write(piece);
      return cut === undefined;
    },
    async end() {
      if (format === 'json') await write(rows ? '\n]\n' : '[]\n');
      return cut;
    },
  };
}
