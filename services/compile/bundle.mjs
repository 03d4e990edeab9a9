// @ts-check
/**
 * TypeScript entry points as JavaScript bundles, made by esbuild on first use and kept in
 * node_modules/.cache/vpnsite/compiled, as tsx keeps its per-file transforms.
 *
 * Running the CLI's TypeScript through tsx's loader hooks cost ~0.45 s of every `vpnsite` start (registering the
 * hooks, then resolving and loading each module through them), and ~0.7 s before a validation thread could start
 * work: a third of what a 10,000-file `vpnsite validate` may take in all. A bundle loads in tens of milliseconds.
 *
 * A bundle is never stale: it is used only while every project file it was made from has the size and time it had
 * then (checked at each start, ~1 ms), and made again otherwise (~0.3 s, once after an edit). Packages stay
 * imports (so a bundle lives inside the project's node_modules, where they resolve), and each module's
 * `import.meta.url` stays that of its source file, so paths computed from it (the project root, migrations, a
 * worker's entry) are the same as under tsx.
 *
 * Plain JavaScript, so that bin/vpnsite.js can use it before any TypeScript runs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project root, which esbuild resolves from. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, 'node_modules', '.cache', 'vpnsite', 'compiled');

/**
 * @typedef {{ inputs: string[]; stamp: string; dir: string }} Manifest
 */

/**
 * Sizes and times of the files a bundle was made from; undefined when one is gone.
 * @param {string[]} inputs paths relative to the project root
 */
function stampOf(inputs) {
  const hash = createHash('sha256');
  try {
    // This file and esbuild too: how a bundle is made decides what it holds.
    for (const input of [...inputs, 'services/compile/bundle.mjs', 'node_modules/esbuild/package.json']) {
      const st = statSync(join(ROOT, input));
      hash.update(`${input}\0${st.size}\0${st.mtimeMs}\0`);
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex').slice(0, 16);
}

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
      return { contents: `const ${META_URL} = ${JSON.stringify(pathToFileURL(args.path).href)};\n${text}`, loader: LOADERS[/** @type {string} */ (args.path.split('.').pop())] };
    });
  },
};
const META_URL = '__vpnsiteImportMetaUrl';

/**
 * Pure libraries that load as hundreds of small modules: inlined, they load in a few milliseconds instead of tens
 * (TypeBox alone took ~85 ms). Every other package stays an import, so that it is the one instance Node loads
 * everywhere else (React and React Router above all).
 */
const INLINED = new Set(['@sinclair/typebox', 'yaml', 'js-yaml', 'commander']);

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
/** @type {Record<string, import('esbuild').Loader>} */
const LOADERS = { ts: 'ts', tsx: 'tsx', mjs: 'js', js: 'js' };

/**
 * The directory of a current bundle of `entry` (a path relative to the project root, e.g. `scripts/cli.ts`),
 * holding `<name>.js` and the chunks it imports; made if need be. Undefined when it cannot be made (no esbuild,
 * a read-only install, VPNSITE_CACHE=0): the caller runs the TypeScript as before.
 * @param {string} entry
 * @returns {Promise<string | undefined>}
 */
export async function bundled(entry) {
  if (process.env.VPNSITE_CACHE === '0') return undefined;
  const name = entry.replace(/\.tsx?$/, '').replaceAll('/', '-');
  const manifestFile = join(DIR, `${name}.json`);
  /** @type {string | undefined} */
  let previous;
  try {
    const manifest = /** @type {Manifest} */ (JSON.parse(readFileSync(manifestFile, 'utf8')));
    previous = manifest.dir;
    if (stampOf(manifest.inputs) === manifest.stamp && statSync(join(DIR, manifest.dir)).isDirectory()) return join(DIR, manifest.dir);
  } catch {
    // None yet, or unreadable: make it.
  }
  const tmp = join(DIR, `.${name}-${process.pid}`);
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: { [name]: join(ROOT, entry) },
      absWorkingDir: ROOT,
      outdir: tmp,
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
      banner: { js: "import { createRequire as __vpnsiteCreateRequire } from 'node:module'; const require = __vpnsiteCreateRequire(import.meta.url);" },
    });
    const inputs = Object.keys(result.metafile.inputs).sort();
    const stamp = stampOf(inputs);
    if (!stamp) return undefined;
    const dir = `${name}-${stamp}`;
    try {
      renameSync(tmp, join(DIR, dir));
    } catch (err) {
      // Another start made the same bundle meanwhile: use that one.
      if (!statSync(join(DIR, dir), { throwIfNoEntry: false })?.isDirectory()) throw err;
    }
    // The bundle this one replaces counts as retired now, not as old as it was made: a start that read the
    // manifest just before may still be loading it, and sweep() spares it for a minute.
    if (previous && previous !== dir) retire(join(DIR, previous));
    // Written beside, then renamed: a start meanwhile never reads half a manifest.
    writeFileSync(`${manifestFile}.${process.pid}`, JSON.stringify(/** @type {Manifest} */ ({ inputs, stamp, dir })));
    renameSync(`${manifestFile}.${process.pid}`, manifestFile);
    sweep(name, dir);
    return join(DIR, dir);
  } catch {
    return undefined;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {string} path */
function retire(path) {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // Gone already.
  }
}

/**
 * Removes this entry's older bundles, and what a build killed part-way left (`.<name>-<pid>`), but not in the minute
 * after they were retired or made: a process that read the manifest just before may still be loading one.
 * @param {string} name
 * @param {string} keep
 */
function sweep(name, keep) {
  // `<name>-<stamp>` bundles and `.<name>-<pid>` leftovers, and not another entry's whose name begins with this one.
  const mine = new RegExp(`^(?:${escapeRegExp(name)}-[0-9a-f]{16}|\\.${escapeRegExp(name)}-\\d+)$`);
  for (const old of readdirSync(DIR)) {
    if (old === keep || !mine.test(old)) continue;
    const path = join(DIR, old);
    if (Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { recursive: true, force: true });
  }
}
