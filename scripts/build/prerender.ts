/** Runs React Router's build (Vite, then the prerender) in a child process, under a job file (site/lib/build-job.ts). */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteEntry } from '../../services/content/index.ts';
import { isParameterisedPage } from '../../site/lib/route-table.ts';
import { JOB_ENV, writeJob, type BuildJob } from '../../site/lib/build-job.ts';
import { PROJECT_ROOT, reactRouterBin } from './paths.ts';
import { trackGroup } from './interrupt.ts';
import type { RenderReport } from './react-router.ts';

export interface PrerenderOptions {
  dataDir: string;
  /** Where React Router writes `client/`; a fresh temporary directory. */
  buildDir: string;
  /** The validated content's snapshot (writeSnapshot); the job file and the render's report go there too. */
  snapshotDir: string;
  siteUrl?: string;
  /**
   * The route table: given it, the reviews and articles, the pages that grow with the content, are rendered on
   * every core (react-router.ts); without it, React Router prerenders every page itself, one at a time.
   */
  routes?: RouteEntry[];
  /** Where rendered pages are kept for the next build. */
  cacheDir?: string;
}

export interface PrerenderResult {
  ok: boolean;
  /** Everything the build printed, for the error report. */
  log: string;
  /** Seconds spent bundling (Vite's client and server builds) and then rendering pages. */
  bundleSeconds: number;
  renderSeconds: number;
  /** Reviews and articles rendered on every core, and those linked unchanged from the previous build's cache. */
  rendered?: number;
  reused?: number;
}

/** Builds the client bundle and prerenders every route into `<buildDir>/client`. */
export function prerender(opts: PrerenderOptions): Promise<PrerenderResult> {
  const jobFile = join(opts.snapshotDir, 'job.json');
  const reportFile = join(opts.snapshotDir, 'render-report.json');
  const paths = opts.routes?.filter(isParameterisedPage).map((r) => r.path);
  const job: BuildJob = {
    dataDir: opts.dataDir,
    buildDirectory: opts.buildDir,
    snapshot: opts.snapshotDir,
    siteUrl: opts.siteUrl,
    render: paths && { paths, cacheDir: opts.cacheDir, reportFile },
  };
  writeJob(jobFile, job);
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that an interrupted build stops esbuild's service with it (interrupt.ts).
    const env = { ...process.env, [JOB_ENV]: jobFile, NODE_ENV: 'production' };
    const child = trackGroup(
      spawn(process.execPath, [reactRouterBin(), 'build'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
    );
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d));
    child.stderr.on('data', (d: Buffer) => (log += d));
    const done = (ok: boolean, extra = '') => {
      const end = Date.now();
      let report: RenderReport | undefined;
      try {
        report = paths && (JSON.parse(readFileSync(reportFile, 'utf8')) as RenderReport);
      } catch {
        ok &&= false;
        extra += '\nthe reviews and articles were not rendered';
      }
      const split = report?.startedAt ?? end;
      resolve({
        ok,
        log: log + extra,
        bundleSeconds: (split - started) / 1000,
        renderSeconds: (end - split) / 1000,
        rendered: report?.rendered,
        reused: report?.reused,
      });
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', (err) => done(false, `\n${err.message}`));
  });
}
