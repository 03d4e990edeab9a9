/**
 * How the editor writes a value that is new to a file: a scalar in the style its old value had (plain, quoted,
 * folded), quoted wherever a YAML reader would take it for another type, and new lists and maps in the block style
 * the content files use. Only what changed is rendered; everything else keeps its own text (yaml-save.ts).
 */
import { parse, type Scalar } from 'yaml';
import { parseOptions } from '../../services/content/yaml-schema.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of plain data, the order of a map's keys aside. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameData(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]));
  }
  return false;
}

/**
 * Whether a string can be written plain: it reads back as the same string in the core schema the site reads with,
 * and as a string in YAML 1.1 too, where `yes`, `on`, `y` are booleans and `1_000` a number (other tools and older
 * readers of the same file). A date stays plain, as content has always written it.
 */
export function plainOk(s: string, inFlow: boolean): boolean {
  if (s === '' || s !== s.trim() || /[\n\r\t]/.test(s)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(s) || s.includes(': ') || s.includes(' #') || s.endsWith(':')) return false;
  if (inFlow && /[,[\]{}]/.test(s)) return false;
  try {
    if (parse(s, parseOptions) !== s) return false;
    const old = parse(s, { version: '1.1' }) as unknown;
    return typeof old === 'string' || old instanceof Date;
  } catch {
    return false;
  }
}

/** A string in double quotes: JSON's escapes are YAML's. */
const doubleQuoted = (s: string) => JSON.stringify(s);
const singleQuoted = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A map key as written: plain where it can be. */
export const renderKey = (key: string) => (plainOk(key, true) && !key.includes(':') ? key : doubleQuoted(key));

/** What a changed scalar had: its style, and for a block scalar its header, content indent and line width. */
export interface OldScalar {
  type?: Scalar.Type;
  /** The block scalar's source text, from its header to its last line. */
  source?: string;
}

/** A scalar that is not a string, as YAML writes it. */
function nonString(v: null | boolean | number): string {
  if (v === null) return 'null';
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? '.nan' : v > 0 ? '.inf' : '-.inf';
  return String(v);
}

/**
 * A string or other scalar. Keeps the old value's quoting where the new value allows it; a folded or literal block
 * stays one, at its old indent (`indent` for a new one), refolded at its old width.
 */
export function renderScalar(v: null | boolean | number | string, ctx: { indent: number; inFlow: boolean; old?: OldScalar }): string {
  if (typeof v !== 'string') return nonString(v);
  const type = ctx.old?.type;
  if (!ctx.inFlow && (type === 'BLOCK_FOLDED' || type === 'BLOCK_LITERAL')) {
    const block = renderBlock(v, type, ctx.old?.source ?? '', ctx.indent);
    if (block) return block;
  }
  if (!ctx.inFlow && v.includes('\n') && type !== 'QUOTE_DOUBLE' && type !== 'QUOTE_SINGLE') {
    const block = renderBlock(v, 'BLOCK_LITERAL', '', ctx.indent);
    if (block) return block;
  }
  if (type === 'QUOTE_SINGLE' && !v.includes('\n')) return singleQuoted(v);
  if (type === 'QUOTE_DOUBLE') return doubleQuoted(v);
  if (plainOk(v, ctx.inFlow)) return v;
  return v.includes('"') && !v.includes("'") && !v.includes('\n') ? singleQuoted(v) : doubleQuoted(v);
}

/** Lines of text folded at `width` columns (with `indent` spaces before each), breaking only at single spaces. */
function fold(paragraph: string, indent: number, width: number): string[] {
  const words = paragraph.split(' ');
  if (words.some((w) => w === '')) return [paragraph];
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && indent + line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return lines;
}

/**
 * A changed paragraph folded again where it changed: the old lines before and after the change are kept as they
 * were, so an edited word moves only the lines around it.
 */
function refold(old: string[], text: string, indent: number, width: number): string[] {
  const head: string[] = [];
  let rest = text;
  for (const line of old) {
    if (rest.startsWith(`${line} `) && rest.length > line.length + 1) {
      head.push(line);
      rest = rest.slice(line.length + 1);
    } else break;
  }
  const tail: string[] = [];
  for (const line of old.slice(head.length).reverse()) {
    if (rest.endsWith(` ${line}`) && rest.length > line.length + 1) {
      tail.unshift(line);
      rest = rest.slice(0, -line.length - 1);
    } else break;
  }
  return [...head, ...fold(rest, indent, width), ...tail];
}

/**
 * A folded (`>`) or literal (`|`) block scalar, header first, ending with a newline; undefined where the value
 * cannot be written so (leading spaces, several final newlines), and a quoted one is written instead.
 */
function renderBlock(v: string, type: 'BLOCK_FOLDED' | 'BLOCK_LITERAL', oldSource: string, indent: number): string | undefined {
  const body = v.endsWith('\n') ? v.slice(0, -1) : v;
  if (body.endsWith('\n') || body === '' || /^[ \t]/.test(body) || /\n[ \t]/.test(body) || /[\r\t]/.test(body)) return undefined;
  const oldLines = oldSource.split('\n').slice(1);
  const firstContent = oldLines.find((l) => l.trim() !== '');
  const pad = firstContent ? firstContent.length - firstContent.trimStart().length : indent;
  const chomp = v.endsWith('\n') ? '' : '-';
  const parts = body.split('\n');
  let lines: string[];
  if (type === 'BLOCK_LITERAL') lines = parts;
  else {
    const width = Math.max(80, ...oldLines.map((l) => l.length));
    // The old block's own lines (its source ends with a newline); one paragraph when none is blank.
    const old = oldLines.slice(0, -1).map((l) => l.trim());
    const oneParagraph = parts.length === 1 && old.length > 0 && old.every((l) => l !== '');
    lines = oneParagraph ? refold(old, parts[0]!, pad, width) : fold(parts[0]!, pad, width);
    for (const p of parts.slice(1)) lines.push('', ...(p === '' ? [] : fold(p, pad, width)));
  }
  const indicator = type === 'BLOCK_LITERAL' ? '|' : '>';
  return `${indicator}${chomp}\n${lines.map((l) => (l === '' ? '' : `${' '.repeat(pad)}${l}`)).join('\n')}\n`;
}

/** A value in flow style, on one line: `{ a: 1, b: x }`, `[a, b]`. */
export function renderFlow(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(renderFlow).join(', ')}]`;
  if (isObject(v)) {
    const entries = Object.entries(v);
    return entries.length ? `{ ${entries.map(([k, x]) => `${renderKey(k)}: ${renderFlow(x)}`).join(', ')} }` : '{}';
  }
  return renderScalar(v, { indent: 0, inFlow: true });
}

/**
 * What follows `key:` for a new value whose key is at column `indent`: ` scalar`, or the block of a map or list on
 * the lines after it. Never ends with a newline, except for a block scalar.
 */
export function renderAfterColon(v: Json, indent: number): string {
  if (Array.isArray(v)) return v.length ? `\n${renderSeqLines(v, indent + 2)}` : ' []';
  if (isObject(v)) return Object.keys(v).length ? `\n${renderMapLines(v, indent + 2)}` : ' {}';
  return ` ${renderScalar(v, { indent: indent + 2, inFlow: false })}`;
}

const trimBlockEnd = (s: string) => (s.endsWith('\n') ? s.slice(0, -1) : s);

/** A map's lines, each key at column `indent`. */
export function renderMapLines(v: { [key: string]: Json }, indent: number): string {
  return Object.entries(v)
    .map(([k, x]) => `${' '.repeat(indent)}${renderKey(k)}:${trimBlockEnd(renderAfterColon(x, indent))}`)
    .join('\n');
}

/** A list's lines, each dash at column `indent`. */
export function renderSeqLines(v: Json[], indent: number, flowItems = false): string {
  return v.map((x) => `${' '.repeat(indent)}- ${renderItemBody(x, indent + 2, flowItems)}`).join('\n');
}

/**
 * A list item's text after its `- `, its content at column `indent`: a map's first key on the dash's line, the rest
 * under it; in flow style on one line when the list's other items are written so.
 */
export function renderItemBody(v: Json, indent: number, flow = false): string {
  if (flow && (isObject(v) || Array.isArray(v))) return renderFlow(v);
  if (isObject(v)) return Object.keys(v).length ? renderMapLines(v, indent).slice(indent) : '{}';
  if (Array.isArray(v)) return v.length ? renderSeqLines(v, indent).slice(indent) : '[]';
  return trimBlockEnd(renderScalar(v, { indent, inFlow: false }));
}
