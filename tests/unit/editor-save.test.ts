/**
 * The editor's saves on every real content file: one changed value, one added list item and one removed list item,
 * each compared with the original line by line. Only the lines of what changed may differ, and every comment stays.
 */
import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listYamlFiles } from '../../services/content/source.ts';
import { kindOf } from '../../services/content/schemas/index.ts';
import { parseOptions, toJSOptions } from '../../services/content/yaml-schema.ts';
import { saveInto } from '../../scripts/editor/yaml-save.ts';
import type { Json } from '../../scripts/editor/yaml-render.ts';

type Path = (string | number)[];

/** The lines that differ between two texts: the old and new middles once the common head and tail are cut off. */
function changed(a: string, b: string): { from: number; old: string[]; now: string[] } {
  const x = a.split('\n');
  const y = b.split('\n');
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  return { from: head + 1, old: x.slice(head, x.length - tail), now: y.slice(head, y.length - tail) };
}

const comments = (text: string) => text.split('\n').filter((l) => /^\s*#/.test(l) || / #/.test(l));

/** Every node in the document with its path, depth first. */
function* walk(node: Node | null | undefined, path: Path): Generator<[Node, Path]> {
  if (!node) return;
  yield [node, path];
  if (isMap(node)) for (const p of node.items) yield* walk(p.value as Node, [...path, String((p.key as { value: unknown }).value)]);
  if (isSeq(node)) for (const [i, item] of node.items.entries()) yield* walk(item as Node, [...path, i]);
}

const at = (data: Json, path: Path): Json => path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, data);

function setAt(data: Json, path: Path, value: Json): void {
  (at(data, path.slice(0, -1)) as Record<string | number, Json>)[path.at(-1)!] = value;
}

const files = listYamlFiles('data').filter((rel) => kindOf(rel));
const byKind: Record<string, string[]> = {};
for (const rel of files) (byKind[kindOf(rel)!] ??= []).push(rel);

function load(rel: string) {
  const text = readFileSync(`data/${rel}`, 'utf8');
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...parseOptions, lineCounter: lines });
  const lineOf = (pos: number) => lines.linePos(pos).line;
  return { text, doc, lineOf, data: () => doc.toJS(toJSOptions) as Json };
}

describe('saving through the YAML document', () => {
  it('covers every kind of content', () => {
    expect(Object.keys(byKind).length).toBeGreaterThanOrEqual(10);
  });

  for (const [kind, rels] of Object.entries(byKind)) {
    describe(kind, () => {
      for (const rel of rels) {
        it(`${rel}: one changed value changes only its own lines`, () => {
          const { text, doc, lineOf, data } = load(rel);
          const strings = [...walk(doc.contents as Node, [])].filter(
            ([n]) => isScalar(n) && typeof n.value === 'string' && n.value.length > 3,
          );
          // The first, a folded one and the last: each kind of scalar the file has.
          const picks = [strings[0], strings.find(([n]) => (n as { type?: string }).type === 'BLOCK_FOLDED'), strings.at(-1)];
          for (const pick of picks.filter((p) => p !== undefined)) {
            const [node, path] = pick;
            const next = data();
            setAt(next, path, `${at(next, path)} (edited)`);
            const saved = saveInto(text, next as Record<string, Json>);
            const diff = changed(text, saved);
            const [start, end] = node.range!;
            expect(diff.from, `${rel} ${path.join('/')}`).toBeGreaterThanOrEqual(lineOf(start));
            expect(diff.from + diff.old.length - 1).toBeLessThanOrEqual(lineOf(end - 1));
            expect(diff.now.join('\n')).toContain('(edited)');
            expect(comments(saved)).toEqual(comments(text));
          }
        });

        it(`${rel}: an added list item adds only its lines, a removed one takes only its own`, () => {
          const { text, doc, lineOf, data } = load(rel);
          const lists = [...walk(doc.contents as Node, [])].filter(([n]) => isSeq(n) && !n.flow && n.items.length >= 2);
          if (!lists.length) return;
          const [list, path] = lists[0]!;
          const items = (list as { items: Node[] }).items;
          // Added: a copy of the last item, after it.
          const added = data();
          const arr = at(added, path) as Json[];
          arr.push(structuredClone(arr.at(-1)!));
          const more = saveInto(text, added as Record<string, Json>);
          const grown = changed(text, more);
          expect(grown.old, `${rel} ${path.join('/')}`).toEqual([]);
          expect(grown.now.length).toBeGreaterThan(0);
          expect(comments(more)).toEqual(comments(text));
          // Removed: the last item that carries no comment of its own.
          const removable = items
            .map((item, i) => ({ item, i }))
            .filter(({ item }) => !comments(text.slice(item.range![0], item.range![1])).length);
          const { item, i } = removable.at(-1)!;
          const fewer = data();
          (at(fewer, path) as Json[]).splice(i, 1);
          const less = saveInto(text, fewer as Record<string, Json>);
          const shrunk = changed(text, less);
          expect(shrunk.now).toEqual([]);
          expect(shrunk.old.length).toBe(lineOf(item.range![1] - 1) - lineOf(item.range![0]) + 1);
          expect(comments(less)).toEqual(comments(text));
        });
      }
    });
  }
});
