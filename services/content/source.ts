/**
 * Reading YAML files, with node positions so every problem can point at file:line:col.
 *
 * One parse of each file, by yaml: its document gives the data (toJS) and, kept with the file, every node's range, so
 * that placing a problem parses nothing again. A file checked on another thread is parsed again here only if a problem
 * must be placed in it. The types values are read as are yaml-schema.ts's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { kindOf, type Kind } from './schemas/index.ts';
import type { Problem } from './problem.ts';
import { parseOptions, toJSOptions } from './yaml-schema.ts';

export interface SourceFile {
  /** Path as printed in problems: relative to the working directory. */
  file: string;
  /** Path relative to the data directory, with forward slashes. */
  rel: string;
  kind: Kind | undefined;
  /** Plain data, or undefined when the file did not parse. */
  data: unknown;
  /** The document with node positions: the one the data came from, or parsed on first use. */
  positions(): Positions;
  /** The file's text (read again on first use for a file checked on another thread). */
  text(): string;
  /**
   * Positions already located in this file, by `at:pointer` (see locate): handed back with a file's checks by the
   * thread that checked it, so that its problems are placed without parsing it again here.
   */
  spots?: Record<string, [line: number, column: number]>;
}

interface Positions {
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Whether a link leads to a directory; false when it leads nowhere (a missing target, or back to itself). */
function linkedDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every .yaml/.yml file below dir, sorted, as data-relative paths. */
export function listYamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
      const name = entry.name;
      if (name.startsWith('.') || name === 'node_modules') continue;
      // A link is followed, as statSync would. One that leads nowhere is listed as a file: reading it reports why.
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && linkedDirectory(join(d, name)));
      if (isDir) walk(join(d, name), `${prefix}${name}/`);
      else if (/\.ya?ml$/.test(name)) out.push(`${prefix}${name}`);
    }
  };
  walk(dir, '');
  return out;
}

/**
 * yaml's parser reads process.env.LOG_TOKENS at every token, and every read of process.env calls into Node's C++
 * side: a quarter of a file's parse (docs/build-scaling.md, "One YAML parser"). The parse is synchronous and runs no
 * code but yaml's, so it reads a plain object holding the two variables yaml looks at, and the real one is back as
 * soon as it returns.
 */
function parse(text: string): Positions {
  const env = process.env;
  process.env = { LOG_TOKENS: env.LOG_TOKENS, LOG_STREAM: env.LOG_STREAM };
  try {
    const lines = new LineCounter();
    return { doc: parseDocument(text, { ...parseOptions, lineCounter: lines }), lines };
  } finally {
    process.env = env;
  }
}

/** The document with node positions, parsed on first use. */
function positionsOf(text: () => string): Pick<SourceFile, 'positions' | 'text'> {
  let parsed: Positions | undefined;
  return {
    text,
    positions() {
      parsed ??= parse(text());
      return parsed;
    },
  };
}

/** A data file's path as problems print it: relative to the working directory. */
export const printedPath = (dataDir: string, rel: string) => relative(process.cwd(), join(dataDir, rel)) || rel;

/**
 * A file checked elsewhere (another thread), or that could not be read: its text is read again only if a problem
 * must be located in it.
 */
export function sourceOf(dataDir: string, rel: string, data: unknown, spots: SourceFile['spots'] = {}): SourceFile {
  let text: string | undefined;
  return {
    file: printedPath(dataDir, rel),
    rel,
    kind: kindOf(rel),
    data,
    ...positionsOf(() => (text ??= readFileSync(join(dataDir, rel), 'utf8'))),
    spots,
  };
}

/**
 * A parsed file's data and the problems yaml found in it, each at its line and column: undefined data when there is
 * an error. An alias to no anchor passes the parser and fails only in toJS: it is an error at the alias.
 */
export function dataOf({ doc, lines }: Positions): { data: unknown; problems: Omit<Problem, 'file'>[] } {
  const problems: Omit<Problem, 'file'>[] = [];
  const add = (severity: Problem['severity'], offset: number, message: string) => {
    const pos = lines.linePos(offset);
    problems.push({ line: pos.line, column: pos.col, pointer: '', severity, message: `YAML: ${message.split('\n')[0]}` });
  };
  for (const e of doc.errors) add('error', e.pos[0], e.message);
  for (const w of doc.warnings) add('warning', w.pos[0], w.message);
  if (doc.errors.length > 0) return { data: undefined, problems };
  try {
    return { data: doc.toJS(toJSOptions), problems };
  } catch (err) {
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        if (node.resolve(doc) !== undefined) return undefined;
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    add('error', offset, (err as Error).message);
    return { data: undefined, problems };
  }
}

/** Parses one file; YAML syntax errors come back as problems with their line and column. */
export function parseSource(dataDir: string, rel: string, text: string): { source: SourceFile; problems: Problem[] } {
  const file = printedPath(dataDir, rel);
  const lazy = positionsOf(() => text);
  const { data, problems } = dataOf(lazy.positions());
  return { source: { file, rel, kind: kindOf(rel), data, ...lazy, spots: {} }, problems: problems.map((p) => ({ file, ...p })) };
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The line and column of the node at a JSON pointer. `at: 'key'` points at a map key instead of its value
 * (for unknown properties). A pointer that runs past the document points at the deepest node found.
 */
export function locate(source: SourceFile, pointer: string, at: 'value' | 'key' = 'value'): { line: number; column: number } {
  const spot = `${at}:${pointer}`;
  const known = source.spots?.[spot];
  if (known) return { line: known[0], column: known[1] };
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  const pos = locateByDocument(source, segments, at);
  if (source.spots) source.spots[spot] = [pos.line, pos.column];
  return pos;
}

/**
 * The line and column of a piece of a string value: the `nth` (0-based) occurrence of `needle` at or after where
 * the value at `pointer` starts. Only its first word is looked for, since a folded scalar may break the rest over
 * lines; where it cannot be found (escapes in a quoted string), the value's own position.
 */
export function locateText(source: SourceFile, pointer: string, needle: string, nth = 0): { line: number; column: number } {
  const spot = `text:${pointer}:${nth}:${needle}`;
  const known = source.spots?.[spot];
  if (known) return { line: known[0], column: known[1] };
  const start = locate(source, pointer);
  const text = source.text();
  const { lines } = source.positions();
  const word = needle.split(/\s/)[0]!;
  let at = (lines.lineStarts[start.line - 1] ?? 0) + start.column - 1;
  for (let k = 0; k <= nth && at !== -1; k++) at = text.indexOf(word, k === 0 ? at : at + word.length);
  const found = at === -1 ? undefined : lines.linePos(at);
  const pos = found ? { line: found.line, column: found.col } : start;
  if (source.spots) source.spots[spot] = [pos.line, pos.column];
  return pos;
}

/** locate() through the document's node ranges. */
export function locateByDocument(source: SourceFile, segments: string[], at: 'value' | 'key'): { line: number; column: number } {
  const { doc, lines } = source.positions();
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const last = i === segments.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && (isScalar(p.key) ? String(p.key.value) : String(p.key)) === seg);
      if (!pair) break;
      const keyNode = pair.key as Node | null;
      if (last && at === 'key' && keyNode?.range) {
        offset = keyNode.range[0];
        node = undefined;
        break;
      }
      node = pair.value;
      offset = (pair.value as Node | null)?.range?.[0] ?? keyNode?.range?.[0] ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) break;
      node = item;
      offset = (item as Node | null)?.range?.[0] ?? offset;
    } else break;
  }
  const pos = lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}
