/** The client's chunk plan: the framework and the root's static imports each in one file, the rest left to the bundler. */
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { siteChunks, staticImports } from '../../scripts/build/chunks.ts';

const ROOT = '/app/site/root.tsx';
// A small module graph: the root imports the header (which imports the icon) and React; a route imports the icon
// and a block; the search popup is only imported dynamically, so it is in no static list.
const GRAPH: Record<string, string[]> = {
  [ROOT]: ['/app/site/components/header.tsx', '/app/node_modules/react/index.js'],
  [`${ROOT}?route-chunk=main`]: ['/app/site/components/footer.tsx'],
  '/app/site/components/header.tsx': ['/app/site/components/icon.tsx', '/app/node_modules/lucide-react/dist/esm/icons/x.mjs'],
  '/app/site/components/icon.tsx': [],
  '/app/site/components/footer.tsx': [],
  '/app/site/routes/guide.tsx': ['/app/site/components/icon.tsx', '/app/site/components/blocks/steps.tsx'],
  '/app/site/components/blocks/steps.tsx': [],
  '/app/site/components/search-popup.tsx': [],
  '/app/node_modules/react/index.js': [],
  '/app/node_modules/lucide-react/dist/esm/icons/x.mjs': [],
};
const graph = {
  getModuleInfo: (id: string) => (id in GRAPH ? { importedIds: GRAPH[id]! } : null),
} as unknown as Parameters<Rolldown.CodeSplittingNameFunction>[1];

describe('site chunks', () => {
  /** A module's chunk as the bundler decides it: the groups by priority, each offered every module before it names one. */
  const { groups } = siteChunks(ROOT) as { groups: Rolldown.CodeSplittingGroup[] };
  const [framework, shell] = groups as [Rolldown.CodeSplittingGroup, Rolldown.CodeSplittingGroup];
  for (const id of Object.keys(GRAPH)) (shell.test as (id: string) => boolean)(id);
  const chunkOf = (id: string) => {
    if ((framework.test as RegExp).test(id)) return framework.name;
    return (shell.name as Rolldown.CodeSplittingNameFunction)(id, graph) ?? undefined;
  };

  it('puts React, React DOM, the scheduler and React Router in the framework chunk', () => {
    for (const pkg of ['react/index.js', 'react-dom/client.js', 'scheduler/index.js', 'react-router/dist/development/index.mjs'])
      expect(chunkOf(`/app/node_modules/${pkg}`), pkg).toBe('framework');
    // A package whose name only starts like one of them is not the framework.
    expect(chunkOf('/app/node_modules/react-icons/index.js')).toBeUndefined();
  });

  it('puts everything the root imports statically, through any depth and any route chunk of it, in the shell', () => {
    for (const id of [ROOT, '/app/site/components/header.tsx', '/app/site/components/icon.tsx', '/app/site/components/footer.tsx'])
      expect(chunkOf(id), id).toBe('shell');
  });

  it("leaves route-only code, dynamically imported code and the root's other packages to the bundler", () => {
    for (const id of [
      '/app/site/routes/guide.tsx',
      '/app/site/components/blocks/steps.tsx',
      '/app/site/components/search-popup.tsx',
      '/app/node_modules/lucide-react/dist/esm/icons/x.mjs',
    ])
      expect(chunkOf(id), id).toBeUndefined();
  });

  it('follows imports through cycles once', () => {
    const cyclic: Record<string, string[]> = { a: ['b'], b: ['c', 'a'], c: ['b'] };
    expect([...staticImports(['a'], (id) => cyclic[id]!)]).toEqual(['a', 'b', 'c']);
  });
});
