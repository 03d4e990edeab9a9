/**
 * Builds the islands (site/islands/*.tsx, docs/islands.md) into the built site's assets, and the bootstrap every page
 * carries inline. The islands are bundled apart from React Router's client build: a page loads no framework, and an
 * island's file brings only what its component imports (React DOM once, shared between them as a chunk).
 * esbuild (already the build's bundler for the CLI) makes them in a fraction of a second.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, transform, type Metafile } from 'esbuild';
import { ISLANDS, type IslandName } from '../../services/content/islands.ts';
import { spriteFile, spriteSvg } from './icon-sprite.ts';
import { PROJECT_ROOT } from './paths.ts';

/** Where the islands' files go in the built site. */
export const ISLANDS_DIR = 'assets/islands';

export interface BuiltIslands {
  /** Each island's entry file, as a site path. */
  files: Record<IslandName, string>;
  /** Each island's gzip bytes: its file and every file it imports before it runs (not those it loads later). */
  bytes: Record<IslandName, number>;
  /** The bootstrap script's text, as it goes inline into every page. */
  bootstrap: string;
}

/** The form API's origin (VITE_API_ORIGIN, as React Router's build reads it) without a final slash. */
const apiOrigin = () => (process.env.VITE_API_ORIGIN ?? '').replace(/\/$/, '');

/** Builds every island into `<clientDir>/assets/islands/` and returns their files, sizes and the bootstrap. */
export async function buildIslands(clientDir: string): Promise<BuiltIslands> {
  const outdir = join(clientDir, ISLANDS_DIR);
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ISLANDS.map((name) => ({ in: `site/islands/${name}.tsx`, out: name })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    entryNames: '[name]-[hash]',
    chunkNames: 'shared-[hash]',
    metafile: true,
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env.DEV': 'false',
      'import.meta.env.VITE_API_ORIGIN': JSON.stringify(apiOrigin()),
      __ICON_SPRITE__: JSON.stringify(`/${spriteFile(spriteSvg())}`),
    },
  });
  const site = (file: string) => `/${relative(clientDir, join(PROJECT_ROOT, file)).split('\\').join('/')}`;
  const files = {} as Record<IslandName, string>;
  const bytes = {} as Record<IslandName, number>;
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const name = ISLANDS.find((n) => meta.entryPoint === `site/islands/${n}.tsx`);
    if (!name) continue;
    files[name] = site(out);
    bytes[name] = [...staticClosure(result.metafile, out)].reduce(
      (t, f) => t + gzipSync(readFileSync(join(PROJECT_ROOT, f)), { level: 9 }).length,
      0,
    );
  }
  const source = readFileSync(join(PROJECT_ROOT, 'site/islands/bootstrap.ts'), 'utf8');
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'iife',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
    define: { ISLANDS: JSON.stringify(files), API_ORIGIN: JSON.stringify(apiOrigin()) },
  });
  return { files, bytes, bootstrap: code.trim() };
}

/** An output file and every file it imports statically, transitively (what must load before it runs). */
function staticClosure(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set([entry]);
  for (const file of seen)
    for (const i of metafile.outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) seen.add(i.path);
  return seen;
}
