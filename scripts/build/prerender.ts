/** Runs React Router's build (Vite + prerender) in a child process against a given data and output directory. */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { NOT_FOUND_PATHS, PARAMETERISED, type RouteEntry } from '../../services/content/index.ts';
import { SNAPSHOT_ENV } from '../../services/content/snapshot.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';
import { trackChild, trackTemporary, untrackTemporary } from './interrupt.ts';
import { renderPages, type RenderResult } from './render-pages.ts';

export interface PrerenderOptions {
  dataDir: string;
  /** Where React Router writes build/client; a fresh temporary directory. */
  buildDir: string;
  /** The validated content's snapshot (services/content/snapshot.ts), so the build does not parse the YAML again. */
  snapshotDir?: string;
  siteUrl?: string;
  concurrency?: number;
  /**
   * The route table: given it, React Router prerenders the few single pages and the not-found pages, and the
   * reviews and articles are rendered in parallel worker processes (render-pages.ts). Without it, React Router
   * prerenders everything itself.
   */
  routes?: RouteEntry[];
  /** Render worker processes (default: one per core). */
  workers?: number;
  /** Where rendered reviews and articles are kept for the next build (render-pages.ts pageCacheDir). */
  cacheDir?: string;
}

export interface PrerenderResult {
  ok: boolean;
  /** Everything the build printed, for the error report. */
  log: string;
  /** Seconds spent bundling (Vite's client and server builds) and then rendering pages. */
  bundleSeconds: number;
  renderSeconds: number;
  /** Reviews and articles rendered by the workers, and those copied unchanged from the previous build's cache. */
  rendered?: number;
  reused?: number;
}

/** Builds the client bundle and prerenders every route into `<buildDir>/client`. */
export async function prerender(opts: PrerenderOptions): Promise<PrerenderResult> {
  // Inside the project (beside the build directory), so the kept server build resolves the project's packages.
  const serverDir = `${opts.buildDir}-server`;
  trackTemporary(serverDir);
  try {
    if (!opts.routes) return await reactRouterBuild(opts, undefined);
    const routes = opts.routes;
    // The workers start as soon as React Router starts prerendering its own few pages (its server build has been
    // copied by then), instead of after its process has finished and exited: the two overlap.
    let workers: Promise<RenderResult> | undefined;
    let started = 0;
    const result = await reactRouterBuild(opts, serverDir, (env) => {
      started = performance.now();
      const pages = routes.filter((r) => r.kind !== 'not-found');
      workers = renderPages({
        serverDir,
        clientDir: join(opts.buildDir, 'client'),
        all: [...pages.map((r) => r.path), ...NOT_FOUND_PATHS],
        render: pages.filter((r) => r.kind in PARAMETERISED).map((r) => r.path),
        env,
        workers: opts.workers,
        cacheDir: opts.cacheDir,
      });
    });
    // Always waited for, so that no worker still writes into the build directory once this returns.
    const rendered = workers ? await workers : undefined;
    if (!result.ok) return result;
    if (!rendered) return { ...result, ok: false, log: `${result.log}\nReact Router prerendered nothing, so the reviews and articles were not rendered` };
    // Rendering: from React Router's first prerendered page to the last page of either.
    const renderSeconds = Math.max(result.renderSeconds, (performance.now() - started) / 1000);
    const { failed } = rendered;
    return { ...result, ok: failed === '', log: failed ? `${result.log}\n${failed}` : result.log, renderSeconds, rendered: rendered.rendered, reused: rendered.reused };
  } finally {
    await rm(serverDir, { recursive: true, force: true });
    untrackTemporary(serverDir);
  }
}

/** `react-router build` in a child process; `keepServerBuild` makes it keep a copy of its server build there. */
function reactRouterBuild(
  opts: PrerenderOptions,
  keepServerBuild: string | undefined,
  onRendering?: (env: NodeJS.ProcessEnv) => void,
): Promise<PrerenderResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VPNSITE_DATA_DIR: opts.dataDir,
    VPNSITE_BUILD_DIR: opts.buildDir,
    VPNSITE_PRERENDER_CONCURRENCY: String(opts.concurrency ?? 4),
    NODE_ENV: 'production',
  };
  if (opts.snapshotDir) env[SNAPSHOT_ENV] = opts.snapshotDir;
  if (opts.siteUrl) env.VPNSITE_SITE_URL = opts.siteUrl;
  if (keepServerBuild) env.VPNSITE_KEEP_SERVER_BUILD = keepServerBuild;
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so that an interrupted build stops esbuild's service with it (interrupt.ts).
    const child = trackChild(spawn(process.execPath, [reactRouterBin(), 'build'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), { group: true });
    let log = '';
    // React Router logs a line per prerendered file: the first one marks the end of bundling.
    let rendering: number | undefined;
    const collect = (d: Buffer) => {
      log += d;
      if (rendering === undefined && log.includes('Prerender (')) {
        rendering = performance.now();
        onRendering?.(env);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const done = (ok: boolean, extra = '') => {
      const end = performance.now();
      const split = rendering ?? end;
      resolve({ ok, log: log + extra, bundleSeconds: (split - started) / 1000, renderSeconds: (end - split) / 1000 });
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', (err) => done(false, `\n${err.message}`));
  });
}
