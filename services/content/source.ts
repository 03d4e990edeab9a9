/**
 * Reading YAML files, with node positions so every problem can point at file:line:col.
 *
 * Two parsers, each for what it is fast or good at: js-yaml reads the data (about nine times faster than yaml's
 * document API, which was most of validation's time), and yaml's document, with every node's range, is built only
 * for a file that has a problem to point at, or that js-yaml rejects (yaml then reports every syntax error with
 * its position). Both read YAML 1.2's core schema, so they agree on the data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { kindOf, type Kind } from './schemas/index.ts';
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
  /**
   * Positions already located in this file, by `at:pointer` (see locate): kept in the parse cache, so an unchanged
   * file's problems are placed without parsing it again.
   */
  spots?: Record<string, [line: number, column: number]>;
}

interface Positions {
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Every .yaml/.yml file below dir, sorted, as data-relative paths. */
export function listYamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(name)) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out;
}

/** The document with node positions, parsed on first use. */
function positionsOf(text: () => string): () => Positions {
  let parsed: Positions | undefined;
  return () => {
    if (!parsed) {
      const lines = new LineCounter();
      parsed = { doc: parseDocument(text(), { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
    }
    return parsed;
  };
}

const printedPath = (dataDir: string, rel: string) => relative(process.cwd(), join(dataDir, rel)) || rel;

/**
 * A file whose data is already known (parse-cache.ts): its text is read again only if a problem must be located
 * in it.
 */
export function sourceOf(dataDir: string, rel: string, data: unknown, spots: SourceFile['spots']): SourceFile {
  return { file: printedPath(dataDir, rel), rel, kind: kindOf(rel), data, positions: positionsOf(() => readFileSync(join(dataDir, rel), 'utf8')), spots };
}

/** Parses one file; YAML syntax errors come back as problems with their line and column. */
export function parseSource(dataDir: string, rel: string, text: string): { source: SourceFile; problems: Problem[] } {
  const file = printedPath(dataDir, rel);
  const positions = positionsOf(() => text);
  try {
    // An empty file is null to yaml, undefined to js-yaml; undefined here means "did not parse".
    const data = load(text, { schema: CORE_SCHEMA, json: false }) ?? null;
    return { source: { file, rel, kind: kindOf(rel), data, positions }, problems: [] };
  } catch {
    // Let yaml say what is wrong, and where.
  }
  const { doc, lines } = positions();
  const problems: Problem[] = [];
  for (const [severity, list] of [['error', doc.errors], ['warning', doc.warnings]] as const) {
    for (const e of list) {
      const pos = lines.linePos(e.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, pointer: '', severity, message: `YAML: ${e.message.split('\n')[0]}` });
    }
  }
  const ok = doc.errors.length === 0;
  return { source: { file, rel, kind: kindOf(rel), data: ok ? doc.toJS() : undefined, positions }, problems };
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
  const { doc, lines } = source.positions();
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
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
  if (source.spots) source.spots[spot] = [pos.line, pos.col];
  return { line: pos.line, column: pos.col };
}
