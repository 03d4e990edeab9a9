// @ts-check
/**
 * One render worker (started by render-pages.ts): loads React Router's server build and prerenders the paths it is
 * given as React Router's own prerender does (@react-router/dev's prerenderData and prerenderRoute): the loader
 * data as `<path>.data`, then the HTML as `<path>/index.html`.
 *
 * Plain JavaScript, run by node without tsx: everything it loads is the server build's JavaScript, and tsx's
 * loader hooks (a round trip to their thread for every module) made starting a worker cost ~3 s of its render time.
 * The job it is given is render-pages.ts's WorkerJob.
 *
 * Incremental builds: with `job.cacheDir`, every page's HTML is also kept there under a hash of what it was made from
 * (the build's identity, the path and the page's loader data). A page whose hash is already there is linked, not
 * rendered: the loader data is all a page reads from the content, so a page is rendered again exactly when a file it
 * depends on changed. Files are named by that hash and never rewritten, so a failed build cannot leave a wrong page
 * behind for the next one.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from 'react-router';

/** @param {import('./render-pages.ts').WorkerJob} job */
async function main(job) {
  /** @type {{ all: string[]; render: string[] }} */
  const { all, render } = JSON.parse(await readFile(job.pathsFile, 'utf8'));
  const build = await import(pathToFileURL(job.serverEntry).href);
  // With ssr:false the handler checks every request against build.prerender with Array#includes, which over
  // 10,000 paths made rendering quadratic; a set answers the same question.
  const known = new Set(all);
  const prerender = Object.assign([...all], { includes: (/** @type {string} */ path) => known.has(path) });
  // Each page asks for its loader data twice, for its `.data` file and for its HTML. The second time, each loader
  // answers with what it returned the first: loaders read only the content snapshot, which does not change during
  // a build. Keyed by the page's path, which the two requests share once `.data` and the trailing slash are gone.
  /** @type {Map<string, Map<string, unknown>>} */
  const answers = new Map();
  const pageOf = (/** @type {string} */ url) => new URL(url).pathname.replace(/\.data$/, '').replace(/(.)\/$/, '$1');
  /** @type {Record<string, any>} */
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route.module.loader;
    routes[id] = !loader
      ? route
      : {
          ...route,
          module: {
            ...route.module,
            loader: (/** @type {{ request: Request }} */ args) => {
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
  const inCache = new Set(job.cacheDir ? readdirSync(job.cacheDir) : []);

  /** @type {string[]} */
  const keys = [];
  let rendered = 0;
  let reused = 0;
  const one = async (/** @type {string} */ path) => {
    answers.set(pageOf(`http://localhost${path}`), new Map());
    try {
      await renderPage(path);
    } finally {
      answers.delete(pageOf(`http://localhost${path}`));
    }
  };
  const renderPage = async (/** @type {string} */ path) => {
    const dataUrl = `http://localhost${path}.data`;
    const dataRes = await handler(new Request(dataUrl));
    const data = await dataRes.text();
    if (dataRes.status !== 200 && dataRes.status !== 202) throw new Error(`${path}: the loader data answered ${dataRes.status}\n${data.slice(0, 2000)}`);
    const dataFile = join(job.clientDir, `${path}.data`);
    const htmlFile = join(job.clientDir, path, 'index.html');
    // Synchronous: each promise-based write went to libuv's thread pool and back as open, write and close, and
    // that bookkeeping cost more of the worker's one core than the writes themselves.
    mkdirSync(dirname(htmlFile), { recursive: true });
    writeFileSync(dataFile, data);
    const key = job.cacheDir ? createHash('sha256').update(`${job.identity}\0${path}\0${data}`).digest('hex') : '';
    const cached = key && join(/** @type {string} */ (job.cacheDir), `${key}.html`);
    if (cached) keys.push(key);
    if (cached && inCache.has(`${key}.html`)) {
      try {
        share(cached, htmlFile);
        reused++;
        return;
      } catch {
        // Gone since (the cache is only ever an optimisation): render it.
      }
    }
    // React Router's prerender hands the HTML request the loader data it just encoded, in a header that the
    // request's loaders decode again. Here the loaders answer again from `answers` instead: the page is the same to
    // the byte (2,002 synthetic pages compared), and the render took ~13% less time without the decoding.
    const page = await handler(new Request(`http://localhost${path}/`));
    const html = Buffer.from(await page.arrayBuffer());
    if (page.status !== 200) throw new Error(`${path}: the page answered ${page.status}\n${html.subarray(0, 2000).toString()}`);
    // Bytes, not a string: where the cache cannot share the file, the page is written twice and would be encoded twice.
    writeFileSync(htmlFile, html);
    if (cached) keep(html, htmlFile, cached);
  };
  // A few requests in flight, so one page's loaders and streams interleave with another's rendering; the pages come
  // from render-pages.ts a batch at a time, so that a worker that runs faster renders more.
  const take = pages(render);
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (let path = await take(); path !== undefined; path = await take()) {
        await one(path);
        rendered++;
      }
    }),
  );
  // What this worker rendered and reused, and the cache entries its pages use (the rest can be pruned).
  writeFileSync(job.resultFile, JSON.stringify({ rendered: rendered - reused, reused, keys }));
  process.disconnect?.();
}

/**
 * The page cache and the build's pages share their files: a hard link costs no second write of the page. Nothing
 * writes into a page once it is made: first-paint.ts, the one step after rendering that changes pages, writes each
 * anew and renames it into place. Where a link cannot be made (the cache on another file system), a copy.
 * @param {string} from
 * @param {string} to
 */
function share(from, to) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * Keeps a rendered page in the cache: linked, or else written beside and renamed, so that a page in the cache is
 * always whole. A page that cannot be cached is only rendered again next time.
 * @param {Buffer} html
 * @param {string} page
 * @param {string} cached
 */
function keep(html, page, cached) {
  try {
    linkSync(page, cached);
    return;
  } catch (err) {
    // Already there: the same key means the same page.
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'EEXIST') return;
  }
  const tmp = `${cached}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, html);
    renameSync(tmp, cached);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/**
 * The next page to render: batches of indexes into `render` are asked of render-pages.ts over the IPC channel, one
 * batch at a time however many requests wait for it; undefined once it has no more.
 * @param {string[]} render
 * @returns {() => Promise<string | undefined>}
 */
function pages(render) {
  /** @type {string[]} */
  const ready = [];
  /** @type {Promise<void> | undefined} */
  let asking;
  let finished = false;
  const ask = () => new Promise((/** @type {(value: void) => void} */ resolve) => {
    process.once('message', (/** @type {{ from: number; to: number }} */ batch) => {
      if (batch.to <= batch.from) finished = true;
      else ready.push(...render.slice(batch.from, batch.to));
      resolve();
    });
    process.send?.({ next: true });
  });
  return async () => {
    while (ready.length === 0 && !finished) {
      asking ??= ask().finally(() => (asking = undefined));
      await asking;
    }
    return ready.shift();
  };
}

main(JSON.parse(/** @type {string} */ (process.argv[2]))).catch((/** @type {unknown} */ err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
