/** Comparing the two ways source.ts places a JSON pointer (node-offsets.ts and yaml's document) on a file. */
import { parseSource, locateByDocument } from '../../services/content/source.ts';
import { nodeTree, offsetOf } from '../../services/content/node-offsets.ts';

/** Every JSON pointer in a parsed value, as segments (the root is []). */
export function everyPointer(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => everyPointer(v, [...path, String(i)], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) everyPointer(v, [...path, k], out);
  return out;
}

export interface Comparison {
  /** Pointers (as `at:pointer`) for which the fast way answered. */
  answered: number;
  asked: number;
  /** Where the two disagree: `at:pointer fast line:col, document line:col`. */
  disagreements: string[];
}

/**
 * Places every value and every key of a file, plus pointers that run past it, both ways. The fast way may decline
 * (undefined); where it answers it must agree with yaml's document.
 */
export function compareLocators(text: string): Comparison {
  const { source } = parseSource('data', 'pages/x.yaml', text);
  const tree = nodeTree(text);
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const result: Comparison = { answered: 0, asked: 0, disagreements: [] };
  const pointers = everyPointer(source.data);
  for (const p of [...pointers]) pointers.push([...p, 'missing'], [...p, '99']);
  for (const segments of pointers) {
    for (const at of ['value', 'key'] as const) {
      result.asked++;
      const offset = tree && offsetOf(tree, text, segments, at);
      if (offset === undefined) continue;
      result.answered++;
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
      const fast = `${line + 1}:${offset - lineStarts[line]! + 1}`;
      const doc = locateByDocument(source, segments, at);
      if (fast !== `${doc.line}:${doc.column}`)
        result.disagreements.push(`${at}:/${segments.join('/')} fast ${fast}, document ${doc.line}:${doc.column}`);
    }
  }
  return result;
}
