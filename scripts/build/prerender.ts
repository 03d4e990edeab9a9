/** Runs React Router's build (Vite + prerender) in a child process against a given data and output directory. */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';

export interface PrerenderOptions {
  dataDir: string;
  /** Where React Router writes build/client; a fresh temporary directory. */
  buildDir: string;
  siteUrl?: string;
  concurrency?: number;
}

export interface PrerenderResult {
  ok: boolean;
  /** Everything the build printed, for the error report. */
  log: string;
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
  if (opts.siteUrl) env.VPNSITE_SITE_URL = opts.siteUrl;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [reactRouterBin(), 'build'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d));
    child.stderr.on('data', (d: Buffer) => (log += d));
    child.on('close', (code) => resolve({ ok: code === 0, log }));
    child.on('error', (err) => resolve({ ok: false, log: `${log}\n${err.message}` }));
  });
}
