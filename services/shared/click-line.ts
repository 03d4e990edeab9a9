/**
 * A click as one line of PostgreSQL's COPY text format, in the column order of the writer's COPY: the click
 * journal holds this line and the writer sends the same line to the database, so a click is serialised once
 * instead of twice (as JSON for the journal, then as COPY text for the batch), and its journal line is about half
 * the bytes of the JSON one, which every fdatasync writes back.
 */
import type { ClickRow } from './click-row.ts';

/** The columns of a line, in order (`COPY clicks (…) FROM STDIN` names them in this order). */
export const LINE_COLUMNS =
  'id, clicked_at, provider, destination, paid, variant, country, device, from_path, placement, is_bot, over_budget, visitor_hash, user_agent, referrer';
const FIELDS = 15;

/** COPY's text format: a backslash, newline, carriage return or tab escaped, and \N for NULL. */
const SPECIAL = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const UNESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t' };

function field(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!) : value;
}

function unfield(value: string): string | null {
  if (value === '\\N') return null;
  return value.includes('\\') ? value.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c) : value;
}

/**
 * Lines, each followed by a newline, as one flat string (the journal's write, a COPY's text): `${lines.join('\n')}\n`
 * is a join and then a concatenation, which write() and Buffer.from() copy once more to flatten, for every click.
 */
export function withNewlines(lines: readonly string[]): string {
  return [...lines, ''].join('\n');
}

/** The lines of COPY text (each followed by a newline), as withNewlines() makes it. */
export function linesOf(text: Uint8Array): string[] {
  const lines = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8').split('\n');
  lines.pop();
  return lines;
}

/** The row as one line (no newline in it; a row with a reserved id, since COPY needs every id). */
export function clickLine(r: ClickRow): string {
  return `${r.id}\t${r.clickedAt}\t${field(r.provider)}\t${field(r.destination)}\t${r.paid ? 't' : 'f'}\t${field(r.variant)}\t${field(r.country)}\t${field(r.device)}\t${field(r.fromPath)}\t${field(r.placement)}\t${r.isBot ? 't' : 'f'}\t${r.overBudget ? 't' : 'f'}\t${field(r.visitorHash)}\t${field(r.userAgent)}\t${field(r.referrer)}`;
}

/** The row a line holds, with the line kept on it for the COPY; null for a line that is not one. */
export function parseClickLine(line: string): ClickRow | null {
  const f = line.split('\t');
  if (f.length !== FIELDS) return null;
  const id = Number(f[0]);
  const provider = unfield(f[2]!);
  const clickedAt = f[1]!;
  if (!Number.isSafeInteger(id) || provider === null || Number.isNaN(Date.parse(clickedAt))) return null;
  return {
    id,
    key: null,
    clickedAt,
    provider,
    destination: unfield(f[3]!) ?? 'affiliate',
    paid: f[4] === 't',
    variant: unfield(f[5]!),
    country: unfield(f[6]!),
    device: unfield(f[7]!),
    fromPath: unfield(f[8]!),
    placement: unfield(f[9]!),
    isBot: f[10] === 't',
    overBudget: f[11] === 't',
    visitorHash: unfield(f[12]!) ?? '',
    userAgent: unfield(f[13]!),
    referrer: unfield(f[14]!),
    line,
  };
}
