/**
 * Every contact with React Router's internals, in one file, for the version it was written for: an upgrade breaks
 * here or nowhere, and tests/integration/incremental-build.test.ts compares what this renders with React Router's
 * own prerender byte for byte.
 *
 * React Router prerenders a build's pages one at a time, on one core. `vpnsite build` renders them in a worker
 * process per core instead (scripts/build/pool.ts), as React Router's prerender does (its prerenderData and
 * prerenderRoute: the loader data as `<path>.data`, then the HTML as `<path>/index.html`), from the server build
 * React Router has just written: a Vite plugin renders the reviews and articles when the server build is written,
 * before React Router's own prerender (left the other pages) renders the rest and deletes it. What that relies on:
 * - the server build is `<buildDirectory>/server/index.js` and exports the routes with their modules;
 * - with ssr:false its request handler refuses a path that is not in the build's `prerender` list;
 * - its `assetsBuildDirectory` names the build's temporary directory, and nothing else in it varies by build.
 */
import { linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Plugin } from 'vite';
import { buildJob, type BuildJob } from '../../site/lib/build-job.ts';
import { cacheKey, readEntry, STALE_MS, sweep, touch, writeEntry } from './cache.mjs';
import { batchesOf, runPass, type Task } from './pool.ts';

const WRITTEN_FOR = '7.18.4';
const require = createRequire(import.meta.url);
const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/** Fails, saying why, unless React Router is the version this file was written for. */
export function assertReactRouterVersion(): void {
  for (const pkg of ['react-router', '@react-router/dev']) {
    if (version(pkg) !== WRITTEN_FOR) {
      throw new Error(
        `${pkg} is ${version(pkg)}, but scripts/build/react-router.ts was written for ${WRITTEN_FOR}: check each contact it lists against the new version, then change WRITTEN_FOR.`,
      );
    }
  }
}

/** What a batch of pages comes to. */
interface Rendered {
  rendered: number;
  /** Pages linked from the cache: their loader data and the build were the same as when they were cached. */
  reused: number;
  /** The cache entries the batch's pages use. */
  keys: string[];
}

/** What the render writes into the job's report file, for `vpnsite build` to print. */
export interface RenderReport extends Omit<Rendered, 'keys'> {
  /** When bundling ended and rendering began (ms since the epoch). */
  startedAt: number;
}

/**
 * The Vite plugin: checks React Router's version at start-up, and, under a job with pages to render, renders them
 * as soon as the server build is written.
 */
export function renderOnEveryCore(): Plugin {
  return {
    name: 'vpnsite:render-on-every-core',
    config: assertReactRouterVersion,
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(options) {
        const job = buildJob();
        if (!job?.render || !job.buildDirectory || !options.dir || resolve(options.dir) !== resolve(job.buildDirectory, 'server')) return;
        const startedAt = Date.now();
        const done = await renderPages(join(options.dir, 'index.js'), join(job.buildDirectory, 'client'), job.render);
        writeFileSync(job.render.reportFile, JSON.stringify({ startedAt, ...done } satisfies RenderReport));
      },
    },
  };
}

/** What every batch needs. */
interface RenderInit {
  serverEntry: string;
  clientDir: string;
  /** buildIdentity's hash, when pages are cached. */
  identity: string;
}

/**
 * Pages a worker takes at a time, and below how many pages React Router's build process renders them all itself:
 * starting the processes costs more than they save on fewer pages (the break-even is in docs/build-scaling.md).
 */
const BATCH = 40;
const MIN_PAGES = 1000;

async function renderPages(
  serverEntry: string,
  clientDir: string,
  render: NonNullable<BuildJob['render']>,
): Promise<Omit<RenderReport, 'startedAt'>> {
  const { cacheDir, paths } = render;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const init: RenderInit = { serverEntry, clientDir, identity: cacheDir ? buildIdentity(serverEntry) : '' };
  const done = await runPass({
    entry: 'scripts/build/react-router.ts',
    run: renderTask,
    init,
    batches: batchesOf(paths, BATCH),
    worthThreads: paths.length >= MIN_PAGES,
    here: false,
    processes: true,
  });
  if (cacheDir) {
    // The cache keeps this build's pages alone (and the checks' gzip sizes), and the pages of other outputs only
    // until they go two weeks unbuilt (scratch builds in temporary directories).
    sweep(cacheDir, { keep: ['gzip-sizes.json', ...done.flatMap((d) => d.keys.map((k) => `${k}.html`))], ageMs: 0 });
    touch(cacheDir);
    sweep(dirname(cacheDir), { keep: [basename(cacheDir)], ageMs: STALE_MS });
  }
  return { rendered: done.reduce((n, d) => n + d.rendered, 0), reused: done.reduce((n, d) => n + d.reused, 0) };
}

/**
 * What a page's HTML depends on besides its path and loader data: the server build's code (which holds the client
 * assets' hashed names, so any change to the site's code changes it), this file, and the React packages. The server
 * build is read whole, entry and chunks, without the name of the build's temporary directory: the build writes that
 * name into its code (the assets' directory), which changes the chunks' hashed file names from one build to the next
 * although nothing a page shows changed.
 */
function buildIdentity(serverEntry: string): string {
  const dir = dirname(serverEntry);
  const sameEveryBuild = (text: string) => text.replace(/\.build-[A-Za-z0-9]{6}/g, '.build-').replace(/-[\w-]{8}\.js\b/g, '.js');
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.js'))
    .map((f) => `${sameEveryBuild(f)}\n${sameEveryBuild(readFileSync(join(dir, f), 'utf8'))}`)
    .sort();
  return cacheKey(
    ...files,
    readFileSync(fileURLToPath(import.meta.url)),
    ...['react', 'react-dom', 'react-router'].map((p) => `${p}@${version(p)}`),
  );
}

type PageRenderer = (path: string, into: Rendered) => Promise<void>;
/** A process renders the one server build its job names. */
let renderer: Promise<PageRenderer> | undefined;

/** Renders one batch of pages, four at a time so that one page's loaders interleave with another's rendering. */
export default async function renderTask({ init, batch }: Task<RenderInit, string[]>): Promise<Rendered> {
  const page = await (renderer ??= pageRenderer(init));
  const into: Rendered = { rendered: 0, reused: 0, keys: [] };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batch.length) await page(batch[next++]!, into);
    }),
  );
  return into;
}

async function pageRenderer({ serverEntry, clientDir, identity }: RenderInit): Promise<PageRenderer> {
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const cacheDir = buildJob()?.render?.cacheDir;
  // With ssr:false the handler checks every request against build.prerender with Array#includes: the job's pages
  // must be in it, and a set keeps the check constant-time over 10,000 paths.
  const known = new Set([...build.prerender, ...(buildJob()?.render?.paths ?? [])]);
  const prerender = Object.assign([...known], { includes: (path: string) => known.has(path) });
  // Each page asks for its loader data twice, for its `.data` file and for its HTML. The second time, each loader
  // answers with what it returned the first, instead of decoding the data React Router's prerender would hand over
  // in a header (~13% of a render): loaders read only the content snapshot, which does not change during a build.
  // Keyed by the page's path, which the two requests share once `.data` and the trailing slash are gone.
  const answers = new Map<string, Map<string, unknown>>();
  const pageOf = (url: string) => new URL(url).pathname.replace(/\.data$/, '').replace(/(.)\/$/, '$1');
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    routes[id] =
      !route || !loader
        ? route
        : {
            ...route,
            module: {
              ...route.module,
              loader: (args) => {
                const page = answers.get(pageOf(args.request.url));
                if (!page) return loader(args);
                if (!page.has(id)) page.set(id, loader(args));
                return page.get(id);
              },
            },
          };
  }
  const handler = createRequestHandler({ ...build, routes, prerender }, 'production');
  // The cached pages there are now, so that a page not among them is not looked for.
  const inCache = new Set(cacheDir ? readdirSync(cacheDir) : []);

  return async (path, into) => {
    answers.set(pageOf(`http://localhost${path}`), new Map());
    try {
      const dataRes = await handler(new Request(`http://localhost${path}.data`));
      const data = await dataRes.text();
      if (dataRes.status !== 200 && dataRes.status !== 202)
        throw new Error(`${path}: the loader data answered ${dataRes.status}\n${data.slice(0, 2000)}`);
      const htmlFile = join(clientDir, path, 'index.html');
      // Synchronous: each promise-based write went to libuv's thread pool and back as open, write and close, and
      // that bookkeeping cost more of a thread's core than the writes themselves.
      mkdirSync(dirname(htmlFile), { recursive: true });
      writeFileSync(join(clientDir, `${path}.data`), data);
      const key = cacheDir ? cacheKey(identity, path, data) : '';
      const cached = cacheDir && join(cacheDir, `${key}.html`);
      if (cached) into.keys.push(key);
      // The cache and the build share their files (a hard link costs no second write). Nothing writes into a page
      // once it is made: first-paint.ts removes each and writes it anew.
      if (cached && inCache.has(`${key}.html`) && place(cached, htmlFile)) {
        into.reused++;
        return;
      }
      const page = await handler(new Request(`http://localhost${path}/`));
      const html = Buffer.from(await page.arrayBuffer());
      if (page.status !== 200) throw new Error(`${path}: the page answered ${page.status}\n${html.subarray(0, 2000).toString()}`);
      writeFileSync(htmlFile, html);
      if (cached) place(htmlFile, cached);
      into.rendered++;
    } finally {
      answers.delete(pageOf(`http://localhost${path}`));
    }
  };
}

/**
 * Puts the file `from` at `to` as a hard link, or (the cache on another file system) as a copy written whole; true
 * when `to` is there now, false when it cannot be (`from` gone). The same key means the same page, so one already
 * there is kept.
 */
function place(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const copy = code === 'EXDEV' ? readEntry(from) : undefined;
    return code === 'EEXIST' || (copy !== undefined && writeEntry(to, copy));
  }
}
