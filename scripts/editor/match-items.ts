/** How the items of a list before and after an edit correspond, for saving only what changed (yaml-save.ts). */
import { sameData } from './yaml-render.ts';

/**
 * Pairs old list items with new ones: equal items in order (longest common subsequence), then, between them, the
 * items at the same place as edits of each other. Returns [old index | undefined, new index] for each new item kept
 * or edited.
 */
export function matchItems(prev: unknown[], next: unknown[]): [number | undefined, number][] {
  const m = prev.length;
  const n = next.length;
  const lcs = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--)
      lcs[i]![j] = sameData(prev[i], next[j]) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const equal: [number, number][] = [];
  for (let i = 0, j = 0; i < m && j < n; ) {
    if (sameData(prev[i], next[j])) equal.push([i++, j++]);
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  const out: [number | undefined, number][] = [];
  let i = 0;
  let j = 0;
  for (const [ei, ej] of [...equal, [m, n] as [number, number]]) {
    // The gap before this equal pair: as many edits as both sides have, the rest removed or added.
    const edits = Math.min(ei - i, ej - j);
    for (let k = 0; k < edits; k++) out.push([i + k, j + k]);
    if (ei < m) out.push([ei, ej]);
    i = ei + 1;
    j = ej + 1;
  }
  return out;
}
