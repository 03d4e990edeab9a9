// @ts-check
/**
 * TypeScript entry points as JavaScript bundles, made by esbuild when the project is installed (`npm install` runs
 * scripts/build/compile.mjs as its `prepare` step; `npm run build` does the same) and kept in
 * node_modules/.cache/vpnsite/compiled. The CLI, the service it starts and the build's worker tasks all run as
 * these bundles: a production install never compiles TypeScript at run time, and needs neither tsx nor a writable
 * node_modules once installed. A bundle also loads in tens of milliseconds, where tsx's loader hooks cost a large
 * share of every start and delayed each worker's first work by more (docs/build-scaling.md).
 *
 * In a development install (one with the devDependencies) a bundle is never stale: its manifest names
 * the project files it was made from with their sizes and times, and it is used only while they are unchanged
 * (checked at each start, about a millisecond), made again otherwise (once after an edit). That is the development
 * fast path; a production install runs what was compiled at install. Packages stay imports (so a bundle lives inside the project's node_modules, where they resolve),
 * and each module's `import.meta.url` stays that of its source file, so paths computed from it (the project root,
 * migrations) are the same as under tsx.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheKey, sweep, touch, writeEntry } from './cache.mjs';

/** The project root, which esbuild resolves from. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A key of the sizes and times of the files a bundle was made from; undefined when one is gone.
 * @param {string[]} inputs paths relative to the project root
 */
function stampOf(inputs) {
  try {
    // This file and esbuild too: how a bundle is made decides what it holds.
    return cacheKey(
      ...[...inputs, 'scripts/build/bundle.mjs', 'node_modules/esbuild/package.json'].map((input) => {
        const st = statSync(join(ROOT, input));
        return `${input}:${st.size}:${st.mtimeMs}`;
      }),
    );
  } catch {
    return undefined;
  }
}

const META_URL = '__vpnsiteImportMetaUrl';

/**
 * Gives each module its own source file's URL as `import.meta.url`, as when it runs unbundled: the module gets a
 * constant of its own, and `define` points every `import.meta.url` expression at it.
 * @type {import('esbuild').Plugin}
 */
const importMetaUrl = {
  name: 'import-meta-url',
  setup(build) {
    build.initialOptions.define = { ...build.initialOptions.define, 'import.meta.url': META_URL };
    build.onLoad({ filter: /\.(tsx?|m?js)$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: `const ${META_URL} = ${JSON.stringify(pathToFileURL(args.path).href)};\n${text}`,
        loader: /** @type {import('esbuild').Loader} */ (/\.(tsx?)$/.exec(args.path)?.[1] ?? 'js'),
      };
    });
  },
};

/**
 * Pure libraries that load as hundreds of small modules: inlined, they load in a few milliseconds instead of tens. Every other package stays an import, so that it is the one instance Node loads
 * everywhere else (React and React Router above all).
 */
const INLINED = new Set(['@sinclair/typebox', 'yaml', 'commander']);

/** @type {import('esbuild').Plugin} */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return INLINED.has(/** @type {string} */ (name)) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * A development install has the devDependencies, the test runner among them; a production one (`npm ci --omit=dev`)
 * never compiles at run time. Not tsx: Vite names it as an optional peer, so npm installs it in production too.
 */
const DEVELOPMENT = existsSync(join(ROOT, 'node_modules', 'vitest'));

/**
 * The path of the bundle of `entry` (a path relative to the project root, e.g. `scripts/cli/program.ts`). In a
 * development install, or with `make` (the install's compile step), it is made again when a file it was made from
 * changed; in a production install the one made at install is used as it is. Undefined when there is none and none
 * may be made, or making it failed.
 * @param {string} entry
 * @param {{ make?: boolean }} [options]
 * @returns {Promise<string | undefined>}
 */
export async function bundled(entry, options = {}) {
  const name = entry.replace(/\.tsx?$/, '').replaceAll('/', '-');
  // In the project's node_modules whatever VPNSITE_CACHE_DIR says: a bundle's imports of packages resolve from there.
  const dir = join(ROOT, 'node_modules', '.cache', 'vpnsite', 'compiled');
  const manifestFile = join(dir, `${name}.json`);
  /** @type {{ inputs: string[]; stamp: string } | undefined} */
  let previous;
  try {
    previous = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    // None yet, or unreadable: made again where it may be.
  }
  const mayMake = options.make || DEVELOPMENT;
  if (previous && (!mayMake || stampOf(previous.inputs) === previous.stamp)) return join(dir, `${name}-${previous.stamp}`, `${name}.js`);
  if (!mayMake) return undefined;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: { [name]: join(ROOT, entry) },
      absWorkingDir: ROOT,
      // A sibling of the bundle's own directory, so the source maps' relative paths hold there too.
      outdir: join(dir, name),
      write: false,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      metafile: true,
      logLevel: 'silent',
      plugins: [importMetaUrl, packagesExternal],
      // The CommonJS packages inlined require() Node's own modules.
      banner: {
        js: "import { createRequire as __vpnsiteCreateRequire } from 'node:module'; const require = __vpnsiteCreateRequire(import.meta.url);",
      },
    });
    const inputs = Object.keys(result.metafile.inputs).sort();
    const stamp = stampOf(inputs);
    if (!stamp) return undefined;
    // Every file first, the manifest that names them last: a start meanwhile uses the bundle before, whole.
    const out = join(dir, `${name}-${stamp}`);
    for (const file of result.outputFiles)
      if (!writeEntry(join(out, relative(join(dir, name), file.path)), file.contents)) return undefined;
    if (!writeEntry(manifestFile, JSON.stringify({ inputs, stamp }))) return undefined;
    // The bundle replaced counts as unused from now on, not from when it was made: a start that read the manifest
    // just before may still be loading it, so it stays a minute.
    if (previous && previous.stamp !== stamp) touch(join(dir, `${name}-${previous.stamp}`));
    sweep(dir, {
      match: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9a-f]{16}$`),
      keep: [`${name}-${stamp}`],
      ageMs: 60_000,
    });
    return join(out, `${name}.js`);
  } catch {
    return undefined;
  }
}
