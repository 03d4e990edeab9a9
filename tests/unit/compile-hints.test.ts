import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/build/compile-hints.ts';

type Chunk = { type: 'chunk'; fileName: string; code: string; isEntry: boolean; isDynamicEntry: boolean; imports: string[] };
const chunk = (fileName: string, over: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  code: 'export{};',
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  ...over,
});

describe('compile hints', () => {
  const bundle: Record<string, Chunk | { type: 'asset'; fileName: string }> = {
    entry: chunk('entry.js', { isEntry: true, imports: ['react-dom.js'], code: 'const __vite__mapDeps=0;' }),
    // React DOM: imported up front by the entry and dynamically by the toast loader.
    dom: chunk('react-dom.js', { isDynamicEntry: true }),
    toast: chunk('sonner.js', { isDynamicEntry: true }),
    css: { type: 'asset', fileName: 'app.css' },
  };
  const hook = compileHints().generateBundle as unknown as { handler: (o: unknown, b: typeof bundle) => void };
  hook.handler({}, bundle);

  it('marks, on their first line, the chunks a page loads up front, even when also imported dynamically', () => {
    expect((bundle.entry as Chunk).code).toBe(`${COMPILE_HINT}const __vite__mapDeps=0;`);
    expect((bundle.dom as Chunk).code.startsWith(COMPILE_HINT)).toBe(true);
  });

  it('leaves a chunk that only a dynamic import reaches lazy', () => {
    expect((bundle.toast as Chunk).code).toBe('export{};');
  });
});
