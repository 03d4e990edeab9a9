/** Runs React Router's build (Vite + prerender) in a child process against a given data and output directory. */
import { spawn } from 'node:child_process';
import { SNAPSHOT_ENV } from '../../services/content/snapshot.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';

export interface PrerenderOptions {
  dataDir: string;
  /** Where React Router writes build/client; a fresh temporary directory. */
  buildDir: string;
  /** The validated content's snapshot (services/content/snapshot.ts), so the build does not parse the YAML again. */
  snapshotDir?: string;
  siteUrl?: string;
  concurrency?: number;
}

export interface PrerenderResult {
  ok: boolean;
  /** Everything the build printed, for the error report. */
  log: string;
  /** Seconds spent bundling (Vite's client and server builds) and then rendering pages. */
  bundleSeconds: number;
  renderSeconds: number;
}

/** Builds the client bundle and prerenders every route into `<buildDir>/client`. */
export function prerender(opts: PrerenderOptions): Promise<PrerenderResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VPNSITE_DATA_DIR: opts.dataDir,
    VPNSITE_BUILD_DIR: opts.buildDir,
    VPNSITE_PRERENDER_CONCURRENCY: String(opts.concurrency ?? 4),
    NODE_ENV: 'production',
  };
  if (opts.snapshotDir) env[SNAPSHOT_ENV] = opts.snapshotDir;
  if (opts.siteUrl) env.VPNSITE_SITE_URL = opts.siteUrl;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [reactRouterBin(), 'build'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    // React Router logs a line per prerendered file: the first one marks the end of bundling.
    let rendering: number | undefined;
    const collect = (d: Buffer) => {
      log += d;
      if (rendering === undefined && log.includes('Prerender (')) rendering = performance.now();
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
