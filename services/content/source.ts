/**
 * Reading YAML files, with node positions so every problem can point at file:line:col.
 *
 * Two parsers, each for what it is fast or good at: js-yaml reads the data (several times faster than yaml's
 * document API, which was most of validation's time; docs/build-scaling.md) and, parsing a file with a problem again, places most
 * problems (node-offsets.ts); yaml's document, with every node's range, is built only for a problem that cannot
 * place, or for a file that js-yaml rejects (yaml then reports every syntax error with its position). Both read
 * YAML 1.2's core schema, so they agree on the data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { kindOf, type Kind } from './schemas/index.ts';
import { nodeTree, offsetOf } from './node-offsets.ts';
import type { Problem } from './problem.ts';

export interface SourceFile {
  /** Path as printed in problems: relative to the working directory. */
  file: string;
  /** Path relative to the data directory, with forward slashes. */
  rel: string;
  kind: Kind | undefined;
  /** Plain data, or undefined when the file did not parse. */
  data: unknown;
  /** The document with node positions, parsed on first use. */
  positions(): Positions;
  /** js-yaml's node tree and the text's line starts, built on first use: the fast way to locate (node-offsets.ts). */
  nodes(): Nodes | undefined;
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

interface Nodes {
  tree: NonNullable<ReturnType<typeof nodeTree>>;
  text: string;
  /** The offset at which each line starts. */
  lineStarts: number[];
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

/** The document with node positions, and js-yaml's node tree, each parsed on first use. */
function positionsOf(text: () => string): Pick<SourceFile, 'positions' | 'nodes' | 'text'> {
  let parsed: Positions | undefined;
  let nodes: Nodes | null | undefined;
  return {
    text,
    positions() {
      if (!parsed) {
        const lines = new LineCounter();
        parsed = { doc: parseDocument(text(), { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
      }
      return parsed;
    },
    nodes() {
      if (nodes === undefined) {
        const t = text();
        const tree = nodeTree(t);
        const lineStarts = [0];
        if (tree) for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) lineStarts.push(i + 1);
        nodes = tree ? { tree, text: t, lineStarts } : null;
      }
      return nodes ?? undefined;
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

/** A file's data, by js-yaml; throws on a syntax error (parseSource says where). */
export function parseData(text: string): unknown {
  // An empty file is null to yaml, undefined to js-yaml; undefined here means "did not parse".
  return load(text, { schema: CORE_SCHEMA, json: false }) ?? null;
}

/** Parses one file; YAML syntax errors come back as problems with their line and column. */
export function parseSource(dataDir: string, rel: string, text: string): { source: SourceFile; problems: Problem[] } {
  const file = printedPath(dataDir, rel);
  const lazy = positionsOf(() => text);
  try {
    const data = parseData(text);
    return { source: { file, rel, kind: kindOf(rel), data, ...lazy, spots: {} }, problems: [] };
  } catch {
    // Let yaml say what is wrong, and where.
  }
  const { doc, lines } = lazy.positions();
  const problems: Problem[] = [];
  for (const [severity, list] of [
    ['error', doc.errors],
    ['warning', doc.warnings],
  ] as const) {
    for (const e of list) {
      const pos = lines.linePos(e.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, pointer: '', severity, message: `YAML: ${e.message.split('\n')[0]}` });
    }
  }
  const ok = doc.errors.length === 0;
  return { source: { file, rel, kind: kindOf(rel), data: ok ? doc.toJS() : undefined, ...lazy, spots: {} }, problems };
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
  const nodes = source.nodes();
  const offset = nodes && offsetOf(nodes.tree, nodes.text, segments, at);
  const pos = nodes && offset !== undefined ? linePos(nodes.lineStarts, offset) : locateByDocument(source, segments, at);
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
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const word = needle.split(/\s/)[0]!;
  let at = (lineStarts[start.line - 1] ?? 0) + start.column - 1;
  for (let k = 0; k <= nth && at !== -1; k++) at = text.indexOf(word, k === 0 ? at : at + word.length);
  const pos = at === -1 ? start : linePos(lineStarts, at);
  if (source.spots) source.spots[spot] = [pos.line, pos.column];
  return pos;
}

/** 1-based line and column of an offset, as yaml's LineCounter gives them. */
function linePos(lineStarts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
}

/** locate() through yaml's document and its node ranges: slower, and sure for every kind of node. */
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
