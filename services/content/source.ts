/** Reading YAML files while keeping node positions, so every problem can point at file:line:col. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { kindOf, type Kind } from './schemas/index.ts';
import type { Problem } from './problem.ts';

export interface SourceFile {
  /** Path as printed in problems: relative to the working directory. */
  file: string;
  /** Path relative to the data directory, with forward slashes. */
  rel: string;
  kind: Kind | undefined;
  doc: Document.Parsed;
  lines: LineCounter;
  /** Plain data, or undefined when the file did not parse. */
  data: unknown;
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

/** Parses one file; YAML syntax errors come back as problems with their line and column. */
export function parseSource(dataDir: string, rel: string, text: string) {
  const file = relative(process.cwd(), join(dataDir, rel)) || rel;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems: Problem[] = [];
  for (const [severity, list] of [['error', doc.errors], ['warning', doc.warnings]] as const) {
    for (const e of list) {
      const pos = lines.linePos(e.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, pointer: '', severity, message: `YAML: ${e.message.split('\n')[0]}` });
    }
  }
  const ok = doc.errors.length === 0;
  const source: SourceFile = { file, rel, kind: kindOf(rel), doc, lines, data: ok ? doc.toJS() : undefined };
  return { source, problems };
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The line and column of the node at a JSON pointer. `at: 'key'` points at a map key instead of its value
 * (for unknown properties). A pointer that runs past the document points at the deepest node found.
 */
export function locate(source: SourceFile, pointer: string, at: 'value' | 'key' = 'value'): { line: number; column: number } {
  let node: unknown = source.doc.contents;
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
  const pos = source.lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}
