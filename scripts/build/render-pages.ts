/**
 * Renders the reviews and articles, the pages that grow with the content, in one worker process per core.
 * React Router prerenders a build's pages one at a time on one core; a profile of a 1,000-page build showed
 * rendering (React and React Router's request handling) as the largest cost after bundling, so it is split.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cacheDir, cachesOff } from '../../services/content/cache-dir.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { trackChild } from './interrupt.ts';

const WORKER_SCRIPT = join(PROJECT_ROOT, 'scripts/build/render-worker.mjs');

/**
 * Where the pages of the build that publishes to `out` are kept for its next build (render-worker.mjs), or
 * undefined when VPNSITE_CACHE=0. One directory per output, so that two builds of different content do not
 * prune each other's pages. VPNSITE_CACHE_DIR moves it (default node_modules/.cache/vpnsite).
 */
export function pageCacheDir(out: string): string | undefined {
  if (cachesOff()) return undefined;
  const scope = createHash('sha256').update(resolve(out)).digest('hex').slice(0, 16);
  return join(cacheDir(), 'pages', scope);
}

/**
 * What a page's HTML depends on besides its path and loader data: the server build's code (which holds the client
 * assets' hashed names, so any change to the site's code changes it), the renderer and the React packages it loads
 * from node_modules. Left out: the server build's list of prerendered paths (adding one article must not re-render
 * every other page) and the name of the build's temporary directory.
 */
export function buildIdentity(serverEntry: string): string {
  const code = readFileSync(serverEntry, 'utf8').replace(/\bprerender = \[[^\]]*\]/, 'prerender = []').replace(/\bassetsBuildDirectory = "[^"]*"/, 'assetsBuildDirectory = ""');
  const require = createRequire(import.meta.url);
  const versions = ['react', 'react-dom', 'react-router'].map((p) => `${p}@${(require(`${p}/package.json`) as { version: string }).version}`);
  return createHash('sha256').update(code).update('\0').update(readFileSync(WORKER_SCRIPT)).update(`\0${versions.join(',')}`).digest('hex');
}

/** What render-worker.mjs is given (as JSON in its argument). */
export interface WorkerJob {
  /** The kept server build's entry (index.js). */
  serverEntry: string;
  clientDir: string;
  /**
   * A JSON file with every prerendered path (the handler refuses any other) and the paths to render, which the
   * workers ask renderPages for a batch at a time over their IPC channel.
   */
  pathsFile: string;
  worker: number;
  concurrency: number;
  /** The page cache (pageCacheDir), and buildIdentity's hash for this build. */
  cacheDir?: string;
  identity: string;
  /** Where the worker writes a WorkerResult. */
  resultFile: string;
}

export interface WorkerResult {
  rendered: number;
  reused: number;
  /** The cache entries this build's pages use. */
  keys: string[];
}

export interface RenderResult {
  /** What failed, or an empty string. */
  failed: string;
  rendered: number;
  /** Pages taken from the cache (linked): their loader data and the build were the same as when they were cached. */
  reused: number;
}

export interface RenderOptions {
  /** The server build kept by keep-server-build.ts. */
  serverDir: string;
  clientDir: string;
  /** Every prerendered path (React Router's and these) and the paths to render here. */
  all: string[];
  render: string[];
  /** Environment for the workers (the content snapshot, --site-url). */
  env: NodeJS.ProcessEnv;
  workers?: number;
  /** pageCacheDir's directory for this build, if pages are cached. */
  cacheDir?: string;
}

/** Renders `render` into clientDir; resolves with what failed (an empty string when nothing did). */
export async function renderPages(opts: RenderOptions): Promise<RenderResult> {
  if (opts.render.length === 0) return { failed: '', rendered: 0, reused: 0 };
  const pathsFile = join(opts.serverDir, 'paths.json');
  await writeFile(pathsFile, JSON.stringify({ all: opts.all, render: opts.render }));
  const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), Math.ceil(opts.render.length / 50)));
  const serverEntry = join(opts.serverDir, 'index.js');
  const cacheDir = opts.cacheDir;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const identity = cacheDir ? buildIdentity(serverEntry) : '';
  const resultFile = (worker: number) => join(opts.serverDir, `render-result-${worker}.json`);
  // Pages go out in batches, each to the worker that asks next: with a fixed share each, one worker finished ~2.4 s
  // after the other at 10,000 pages (a tenth of the render), its core idle meanwhile.
  let next = 0;
  const batch = () => {
    const from = next;
    next = Math.min(opts.render.length, next + BATCH);
    return { from, to: next };
  };
  const runs = Array.from({ length: workers }, (_, worker) => {
    const job: WorkerJob = { serverEntry, clientDir: opts.clientDir, pathsFile, worker, concurrency: 4, cacheDir, identity, resultFile: resultFile(worker) };
    return new Promise<string>((resolve) => {
      const child = trackChild(spawn(process.execPath, [WORKER_SCRIPT, JSON.stringify(job)], { cwd: PROJECT_ROOT, env: opts.env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] }));
      child.on('message', () => child.send(batch()));
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d));
      child.on('close', (code) => resolve(code === 0 ? '' : `render worker ${worker + 1}/${workers} failed:\n${err.trim()}`));
      child.on('error', (e) => resolve(`render worker ${worker + 1}/${workers}: ${e.message}`));
    });
  });
  const failed = (await Promise.all(runs)).filter(Boolean).join('\n');
  if (failed) return { failed, rendered: 0, reused: 0 };
  const results = Array.from({ length: workers }, (_, w) => JSON.parse(readFileSync(resultFile(w), 'utf8')) as WorkerResult);
  if (cacheDir) prune(cacheDir, new Set(results.flatMap((r) => r.keys)));
  return { failed, rendered: results.reduce((n, r) => n + r.rendered, 0), reused: results.reduce((n, r) => n + r.reused, 0) };
}

/** Pages a worker is given at a time. */
const BATCH = 40;

const STALE_MS = 14 * 24 * 3600 * 1000;

/**
 * Keeps only the pages this build used, so the cache holds one build's pages, not every version ever rendered; and
 * removes the pages of other outputs not built for two weeks (scratch builds in temporary directories).
 */
function prune(cacheDir: string, used: Set<string>): void {
  for (const name of readdirSync(cacheDir)) {
    // gzip-sizes.json is the checks' (finish-pages.ts), which keep it to this build's pages themselves.
    if (name === 'gzip-sizes.json') continue;
    if (!name.endsWith('.html') || !used.has(name.slice(0, -'.html'.length))) rmSync(join(cacheDir, name), { force: true });
  }
  const now = new Date();
  utimesSync(cacheDir, now, now);
  const scopes = dirname(cacheDir);
  for (const name of readdirSync(scopes)) {
    const dir = join(scopes, name);
    if (now.getTime() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
}
