/**
 * Where a JSON pointer's node starts in a file's text, from js-yaml's parse events: the fast way to place a
 * problem at file:line:col.
 *
 * yaml's document API (source.ts) knows every node's range but is slow to build, slowest in a process that has not
 * yet run it, while parsing the file again with js-yaml, which every thread has already run thousands of times, is
 * cheap (the figures are in docs/build-scaling.md, "Figures behind the code"). js-yaml calls a listener as it opens
 * and closes each node; this module keeps those events as a tree of nodes and their start offsets, and reads the
 * pointer's offset from it.
 *
 * It answers only where it is sure to agree with yaml's ranges (tests/unit/node-offsets.test.ts compares the two on
 * every key and value of the content): plain, quoted and block scalars, and block and flow collections. For
 * anything else (anchors, tags, aliases, empty values, merge keys, a byte-order mark, directives) it answers
 * undefined and the caller asks yaml.
 */
import { CORE_SCHEMA, load, type State } from 'js-yaml';

interface YamlNode {
  /** The offset at which js-yaml opened the node: at or before its first character. */
  open: number;
  kind: string | null;
  result: unknown;
  children: YamlNode[];
}

/** The document's nodes as js-yaml composed them; undefined when the text does not parse or is not one plain document. */
export function nodeTree(text: string): YamlNode | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const top: YamlNode = { open: 0, kind: null, result: undefined, children: [] };
  const stack = [top];
  try {
    load(text, {
      schema: CORE_SCHEMA,
      json: false,
      listener(event, state) {
        const s = state as State & { position: number; kind: string | null; result: unknown };
        if (event === 'open') {
          const node: YamlNode = { open: s.position, kind: null, result: undefined, children: [] };
          stack[stack.length - 1]!.children.push(node);
          stack.push(node);
        } else {
          const node = stack.pop()!;
          node.kind = s.kind;
          node.result = s.result;
        }
      },
    });
  } catch {
    return undefined;
  }
  return top.children.length === 1 && stack.length === 1 ? top.children[0] : undefined;
}

/**
 * The offset of a node's first character: js-yaml opens a node before the separation (spaces, line breaks,
 * comments) in front of it. Undefined where yaml's range would start elsewhere (properties, aliases, directives).
 */
function contentStart(text: string, from: number): number | undefined {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 35 /* # */) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else break;
  }
  const c = text.charCodeAt(i);
  // ! tag, & anchor, * alias, % directive, --- document start
  if (c === 33 || c === 38 || c === 42 || c === 37 || text.startsWith('---', i)) return undefined;
  return i;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The start offset of the node at `segments` (a parsed JSON pointer), or of its key with `at: 'key'`; a pointer
 * that runs past the document gives the deepest node found, as source.ts's locate does. Undefined when unsure.
 */
export function offsetOf(tree: YamlNode, text: string, segments: string[], at: 'value' | 'key'): number | undefined {
  let node: YamlNode = tree;
  let offset = contentStart(text, tree.open);
  for (let i = 0; i < segments.length && offset !== undefined; i++) {
    const seg = segments[i]!;
    if (node.kind === 'mapping' && isPlainObject(node.result)) {
      // Children alternate key, value; anything else (a merge key, a key without a value) is left to yaml.
      if (node.children.length !== 2 * Object.keys(node.result).length) return undefined;
      let k = 0;
      while (k < node.children.length && String(node.children[k]!.result) !== seg) k += 2;
      if (k >= node.children.length) break;
      if (i === segments.length - 1 && at === 'key') return contentStart(text, node.children[k]!.open);
      node = node.children[k + 1]!;
    } else if (node.kind === 'sequence' && Array.isArray(node.result)) {
      if (node.children.length !== node.result.length) return undefined;
      const item = node.children[Number(seg)];
      if (item === undefined) break;
      node = item;
    } else break;
    // An empty value's range is yaml's own choice of position.
    if (node.result === null) return undefined;
    offset = contentStart(text, node.open);
  }
  return offset;
}
