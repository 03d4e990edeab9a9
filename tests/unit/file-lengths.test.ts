/**
 * Every source and test file stays at 300 lines or fewer: a file that grows past that is asking to be split along
 * a real seam. The failure lists each file over the limit with its line count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../scripts/build/paths.ts';

const LIMIT = 300;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Where the code lives; built output and generated types are not written by hand. */
const FOLDERS = ['services', 'scripts', 'site', 'tests'];
const SKIP = new Set(['node_modules', 'dist', '.react-router', '+types']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The project's source and test files over `limit` lines, as `path: N lines`. */
function filesOver(limit: number, root = PROJECT_ROOT): string[] {
  const topLevel = readdirSync(root).filter((f) => SOURCE.test(f));
  const files = [...topLevel.map((f) => join(root, f)), ...FOLDERS.flatMap((f) => [...sourceFiles(join(root, f))])];
  return files
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file}: ${lines} lines`)
    .sort();
}

describe('file length', () => {
  it(`keeps every source and test file at ${LIMIT} lines or fewer`, () => {
    expect(filesOver(LIMIT)).toEqual([]);
  });

  it('finds a file over the limit, and counts its lines', () => {
    // This file itself is well over 10 lines.
    expect(filesOver(10)).toContain(`tests/unit/file-lengths.test.ts: ${readFileSync(__filename, 'utf8').split('\n').length - 1} lines`);
  });
});
