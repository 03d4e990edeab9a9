/** Input cleaning for stored click fields: only known values or bounded text reach the database. */
import { isUtf8 } from 'node:buffer';

const PLACEMENT = /^[a-z0-9][a-z0-9_-]{0,39}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

const HIGH_BYTE = /[\u0080-\u00ff]/;
const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * A header value as the browser sent it. Node hands header bytes over one character per byte (Latin-1), while
 * browsers and clients send non-ASCII text in UTF-8: bytes that form valid UTF-8 are read as UTF-8, anything else
 * stays as it came.
 */
export function decodeHeader(value: string | undefined): string | undefined {
  if (value === undefined || !HIGH_BYTE.test(value) || NOT_LATIN1.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : value;
}

/** A registered route path (ignoring a trailing slash), else null: `from` never stores arbitrary text. */
export function sanitizeFrom(value: unknown, routes: ReadonlySet<string>): string | null {
  if (typeof value !== 'string' || value.length > 512) return null;
  const path = value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value;
  return routes.has(path) ? path : null;
}

/** A short slug naming the slot a link sat in (e.g. `comparison-card`), else null. */
export function sanitizePlacement(value: unknown): string | null {
  return typeof value === 'string' && PLACEMENT.test(value) ? value : null;
}

/**
 * Crops text to max characters, never splitting a surrogate pair, drops control characters and replaces lone
 * surrogates (PostgreSQL text refuses NUL and JSON's \u0000, and a row it refuses would hold up its whole batch).
 */
export function cropText(value: string | undefined, max: number): string | null {
  if (value === undefined || value === '') return null;
  // Testing first spares the copy for the usual text, which has no control characters.
  let text = CONTROL.test(value) ? value.replace(CONTROL_ALL, '') : value;
  if (text.length > max) {
    text = text.slice(0, max);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
  }
  // A lone surrogate has no UTF-8 form: the database would refuse the row, so it becomes U+FFFD here.
  if (LONE_SURROGATE.test(text)) text = text.replace(LONE_SURROGATE_ALL, '\ufffd');
  return text === '' ? null : text;
}
