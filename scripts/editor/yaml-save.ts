/**
 * Saving through the YAML document: the file's own text, changed only where its data changed. The old text is
 * parsed with the yaml package, the old and new data are compared node by node, and each difference becomes one
 * splice at the node's range: a changed value replaces that value's text, a new list item or key is inserted as
 * its own lines after its neighbour, a removed one takes only its own lines. Comments, key order, quoting, folded
 * text, blank lines and keys no schema knows are never printed again, so they stay exactly as they were. A list
 * whose items were reordered moves their original text, comments and all.
 *
 * What it writes is read back before it is used: unless it parses to exactly the new data, the same changes are
 * written again with every changed string double-quoted, and if that fails too the save is refused.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { parseOptions, toJSOptions } from '../../services/content/yaml-schema.ts';
import { matchItems } from './match-items.ts';
import { isObject, renderAfterColon, renderFlow, renderItemBody, renderKey, renderScalar, sameData, type Json } from './yaml-render.ts';

interface Splice {
  from: number;
  to: number;
  text: string;
}

/** Why new data could not be written into a file's text. */
export class SaveError extends Error {}

type Range = [number, number, number];
const rangeOf = (n: Node): Range => n.range as Range;

class Splicer {
  readonly splices: Splice[] = [];
  constructor(
    readonly text: string,
    readonly quoteAll: boolean,
  ) {}

  lineStart(pos: number): number {
    return this.text.lastIndexOf('\n', pos - 1) + 1;
  }
  column(pos: number): number {
    return pos - this.lineStart(pos);
  }
  /** The end of the line a value ends on, after its newline (a trailing comment on that line goes with it). */
  lineEnd(valueEnd: number): number {
    if (valueEnd > 0 && this.text[valueEnd - 1] === '\n') return valueEnd;
    const nl = this.text.indexOf('\n', valueEnd);
    return nl === -1 ? this.text.length : nl + 1;
  }
  onlySpaceBefore(pos: number): boolean {
    return this.text.slice(this.lineStart(pos), pos).trim() === '';
  }
  add(from: number, to: number, text: string): void {
    this.splices.push({ from, to, text });
  }
  /** An insertion of whole lines at a line start (the end of the text gets its missing newline first). */
  insertLines(at: number, lines: string): void {
    const needsBreak = at === this.text.length && this.text.length > 0 && !this.text.endsWith('\n');
    this.add(at, at, `${needsBreak ? '\n' : ''}${lines}\n`);
  }

  apply(): string {
    const sorted = [...this.splices].sort((a, b) => b.from - a.from || b.to - a.to);
    let out = this.text;
    let floor = Number.POSITIVE_INFINITY;
    for (const s of sorted) {
      if (s.to > floor) throw new SaveError('two changes overlap in the file');
      out = out.slice(0, s.from) + s.text + out.slice(s.to);
      floor = s.from;
    }
    return out;
  }

  // ---- values -------------------------------------------------------------

  /** Writes `next` over `node`, whose old data is `prev`; `indent` is the column its key or dash content is at. */
  value(node: Node, prev: unknown, next: Json, indent: number, replaceWhole: (next: Json) => void): void {
    if (sameData(prev, next)) return;
    if (isAlias(node)) {
      replaceWhole(next);
      return;
    }
    if ((isMap(node) || isSeq(node)) && node.flow) {
      this.flowCollection(node, prev, next);
      return;
    }
    if (isMap(node) && isObject(next) && isObject(prev) && node.items.length) {
      this.map(node, prev, next);
      return;
    }
    if (isSeq(node) && Array.isArray(next) && Array.isArray(prev) && node.items.length) {
      this.seq(node, prev, next);
      return;
    }
    if (isScalar(node) && !isObject(next) && !Array.isArray(next)) {
      this.scalar(node, next, indent);
      return;
    }
    replaceWhole(next);
  }

  /** A new value's text after `key:` (or `- `): see renderAfterColon. */
  fresh(v: Json, indent: number): string {
    return this.quoteAll && typeof v === 'string' ? ` ${JSON.stringify(v)}` : renderAfterColon(v, indent);
  }

  scalar(node: Node, next: null | boolean | number | string, indent: number): void {
    const [start, end] = rangeOf(node);
    const type = (node as { type?: string }).type as never;
    const block = type === 'BLOCK_FOLDED' || type === 'BLOCK_LITERAL';
    // A block scalar's range takes in the blank lines after it, which are not its own.
    const own = block ? this.blockEnd(start, end) : end;
    const text =
      this.quoteAll && typeof next === 'string'
        ? JSON.stringify(next)
        : renderScalar(next, { indent: indent + 2, inFlow: false, old: { type, source: this.text.slice(start, own) } });
    const written = block && !text.endsWith('\n') ? `${text}\n` : !block && text.endsWith('\n') ? text.slice(0, -1) : text;
    // A block scalar needs its own lines: one written where a plain scalar was ends that scalar's line.
    if (!block && text.endsWith('\n')) {
      this.add(start, this.lineEnd(end), `${written}\n`);
      return;
    }
    this.add(start, own, written);
  }

  blockEnd(start: number, end: number): number {
    const lines = this.text.slice(start, end).split('\n');
    let keep = lines.length;
    while (keep > 1 && lines[keep - 1]!.trim() === '') keep--;
    return start + lines.slice(0, keep).join('\n').length + 1;
  }

  // ---- maps ---------------------------------------------------------------

  map(node: YAMLMap, prev: { [k: string]: unknown }, next: { [k: string]: Json }): void {
    const pairs = node.items as Pair<Node, Node | null>[];
    const keyOf = (p: Pair<Node, Node | null>) => String((p.key as { value?: unknown })?.value);
    const indent = this.column(rangeOf(pairs[0]!.key!)[0]);
    pairs.forEach((pair, i) => {
      const key = keyOf(pair);
      const keyRange = rangeOf(pair.key!);
      if (!Object.hasOwn(next, key)) {
        this.removePair(pairs, i);
        return;
      }
      const value = pair.value;
      const colon = this.text.indexOf(':', keyRange[1]) + 1;
      const replaceWhole = (v: Json) => {
        const end = value ? this.lineEnd(rangeOf(value)[1]) : this.lineEnd(keyRange[1]);
        this.add(colon, end, `${this.fresh(v, indent).replace(/\n$/, '')}\n`);
      };
      if (!value || (isScalar(value) && value.range && value.range[0] === value.range[1])) {
        if (next[key] !== null) replaceWhole(next[key]!);
        return;
      }
      this.value(value, prev[key], next[key]!, indent, replaceWhole);
    });
    const added = Object.keys(next).filter((k) => !pairs.some((p) => keyOf(p) === k));
    if (!added.length) return;
    const last = pairs.at(-1)!;
    const at = this.lineEnd(last.value ? rangeOf(last.value)[1] : rangeOf(last.key!)[1]);
    const lines = added.map((k) => `${' '.repeat(indent)}${renderKey(k)}:${this.fresh(next[k]!, indent).replace(/\n$/, '')}`);
    this.insertLines(at, lines.join('\n'));
  }

  removePair(pairs: Pair<Node, Node | null>[], i: number): void {
    const pair = pairs[i]!;
    const start = rangeOf(pair.key!)[0];
    const end = this.lineEnd(pair.value ? rangeOf(pair.value)[1] : rangeOf(pair.key!)[1]);
    if (this.onlySpaceBefore(start)) {
      this.add(this.lineStart(start), end, '');
      return;
    }
    // The first key of a list item, on the dash's line: the next key moves up to take its place.
    const following = pairs[i + 1];
    if (following) {
      this.add(start, rangeOf(following.key!)[0], '');
      return;
    }
    this.add(start, end, '{}\n');
  }

  // ---- lists --------------------------------------------------------------

  seq(node: YAMLSeq, prev: unknown[], next: Json[]): void {
    const items = node.items as Node[];
    const dashes = items.map((item) => this.text.lastIndexOf('-', rangeOf(item)[0] - 1));
    const dashCol = this.column(dashes[0]!);
    const flowItems = items.some((item) => (isMap(item) || isSeq(item)) && item.flow);
    const lineOf = (i: number) => [this.lineStart(dashes[i]!), this.lineEnd(rangeOf(items[i]!)[1])] as const;
    const itemText = (v: Json) => (this.quoteAll && typeof v === 'string' ? JSON.stringify(v) : renderItemBody(v, dashCol + 2, flowItems));
    const pairs = matchItems(prev, next);
    const removed = new Set(prev.map((_, i) => i).filter((i) => !pairs.some(([o]) => o === i)));
    // Each new item goes after the old item before it in the new order (or before the first item).
    let after = -1;
    const inserts = new Map<number, string[]>();
    for (let n = 0; n < next.length; n++) {
      const match = pairs.find(([, m]) => m === n);
      if (match && match[0] !== undefined) {
        const o = match[0];
        if (!sameData(prev[o], next[n])) {
          const [, end] = lineOf(o);
          this.value(items[o]!, prev[o], next[n]!, dashCol + 2, (v) => this.add(rangeOf(items[o]!)[0], end, `${itemText(v)}\n`));
        }
        after = o;
        continue;
      }
      // An item that moved keeps its own text; a new one is written like its neighbours.
      const moved = [...removed].find((o) => sameData(prev[o], next[n]));
      let text: string;
      if (moved !== undefined) {
        removed.delete(moved);
        const [s, e] = lineOf(moved);
        text = this.text.slice(s, e).replace(/\n$/, '');
        this.add(s, e, '');
      } else text = `${' '.repeat(dashCol)}- ${itemText(next[n]!)}`;
      inserts.set(after, [...(inserts.get(after) ?? []), text]);
    }
    for (const o of removed) {
      const [s, e] = lineOf(o);
      this.add(s, e, '');
    }
    for (const [o, texts] of inserts) this.insertLines(o === -1 ? lineOf(0)[0] : lineOf(o)[1], texts.join('\n'));
  }

  // ---- flow collections ---------------------------------------------------

  /** A `{ … }` or `[ … ]` written again on one line, each unchanged entry with its own text. */
  flowCollection(node: YAMLMap | YAMLSeq, prev: unknown, next: Json): void {
    const [start, end] = rangeOf(node);
    const src = (n: Node) => this.text.slice(rangeOf(n)[0], rangeOf(n)[1]);
    const pad = this.text[start + 1] === ' ' ? ' ' : '';
    const scalarText = (old: Node | null | undefined, v: Json) =>
      old && isScalar(old) && !isObject(v) && !Array.isArray(v)
        ? renderScalar(v, { indent: 0, inFlow: true, old: { type: old.type } })
        : renderFlow(v);
    let text: string;
    if (isSeq(node) && Array.isArray(next) && Array.isArray(prev)) {
      const items = node.items as Node[];
      text = `[${next.map((v, i) => (items[i] && sameData(prev[i], v) ? src(items[i]!) : scalarText(items[i], v))).join(', ')}]`;
    } else if (isMap(node) && isObject(next) && isObject(prev)) {
      const pairs = (node.items as Pair<Node, Node | null>[]).filter(isPair);
      const keyOf = (p: Pair<Node, Node | null>) => String((p.key as { value?: unknown })?.value);
      const old = new Map(pairs.map((p) => [keyOf(p), p]));
      const keys = [...pairs.map(keyOf).filter((k) => Object.hasOwn(next, k)), ...Object.keys(next).filter((k) => !old.has(k))];
      const entries = keys.map((k) => {
        const p = old.get(k);
        if (p?.value && sameData(prev[k], next[k])) return this.text.slice(rangeOf(p.key!)[0], rangeOf(p.value)[1]);
        return `${p ? src(p.key!) : renderKey(k)}: ${scalarText(p?.value, next[k]!)}`;
      });
      text = entries.length ? `{${pad}${entries.join(', ')}${pad}}` : '{}';
    } else text = renderFlow(next);
    this.add(start, end, text);
  }
}

function write(text: string, data: { [key: string]: Json }, quoteAll: boolean): string {
  const doc = parseDocument(text, parseOptions);
  if (doc.errors.length) throw new SaveError(`the file does not parse: ${doc.errors[0]!.message.split('\n')[0]}`);
  const prev = doc.toJS(toJSOptions) as unknown;
  const root = doc.contents;
  const s = new Splicer(text, quoteAll);
  if (isMap(root) && root.items.length && isObject(prev)) s.map(root, prev, data);
  else {
    const [start, end] = root ? rangeOf(root) : [text.length, text.length];
    s.add(start, end, `${Object.keys(data).length ? renderAfterColon(data, -2).slice(1) : '{}'}\n`);
  }
  return s.apply();
}

/** Whether text reads as exactly `data`. */
function readsAs(text: string, data: Json): boolean {
  const doc = parseDocument(text, parseOptions);
  return doc.errors.length === 0 && sameData(doc.toJS(toJSOptions), data);
}

/** The file's text with `data` written into it, changing only the lines whose values changed. */
export function saveInto(text: string, data: { [key: string]: Json }): string {
  for (const quoteAll of [false, true]) {
    const out = write(text, data, quoteAll);
    if (readsAs(out, data)) return out;
  }
  throw new SaveError('the change could not be written into the file so that it reads back the same; edit this value in the YAML file');
}
