/**
 * The render floor (scripts/bench/build.ts): the site's render workers (scripts/build/render-pages.ts) prerender,
 * side by side and alternating, the site's own reviews and articles and as many pages of a React Router site that
 * holds none of the site's components (scripts/bench/minimal-site: pages of an article's weight). What the floor
 * reaches is what React Router's request handling, React and the file writes cost for a page of that weight on this
 * machine, before any of the site's code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent, NOT_FOUND_PATHS, PARAMETERISED } from '../../services/content/index.ts';
import { SNAPSHOT_ENV, writeSnapshot } from '../../services/content/snapshot.ts';
import { renderPages } from '../build/render-pages.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';
import { procCpu } from './proc-stat.ts';

const FLOOR_SITE = join(PROJECT_ROOT, 'scripts/bench/minimal-site');

export interface RenderRun {
  pagesPerS: number;
  /** CPU time of the worker processes (user + system), per page. */
  cpuMsPerPage: number;
}

export interface Contender {
  runs: RenderRun[];
  /** Mean size of a rendered page's HTML and loader data (`.data`), in KB, over a sample of pages. */
  htmlKb: number;
  dataKb: number;
}

export interface SideBySide {
  pages: number;
  site: Contender;
  floor: Contender;
}

/** CPU seconds of this process's finished children (the render workers); NaN where /proc is missing. */
const childCpuSeconds = (): number => procCpu('self')?.children ?? Number.NaN;

/** `react-router build` in `cwd`, keeping a copy of its server build in `serverDir` (keep-server-build.ts). */
function reactRouterBuild(cwd: string, buildDir: string, serverDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [reactRouterBin(), 'build'], {
      cwd,
      env: { ...process.env, ...env, NODE_ENV: 'production', VPNSITE_BUILD_DIR: buildDir, VPNSITE_KEEP_SERVER_BUILD: serverDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d));
    child.stderr.on('data', (d: Buffer) => (log += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`react-router build in ${cwd} failed:\n${log.slice(-4000)}`))));
  });
}

function meanKb(dir: string, paths: string[], file: (path: string) => string): number {
  // Spread over the whole list: the reviews come first and are lighter than the articles.
  const step = Math.max(1, Math.floor(paths.length / 200));
  const sample = paths.filter((_, i) => i % step === 0);
  return sample.reduce((n, p) => n + statSync(join(dir, file(p))).size, 0) / sample.length / 1024;
}

/**
 * Renders the content in `dataDir` and the floor site, `rounds` times each, alternating; output goes under `tmp`
 * and is removed at the end (not between runs: deleting thousands of files slows the next writes on this disk).
 */
export async function renderSideBySide(dataDir: string, tmp: string, rounds = 2): Promise<SideBySide> {
  const content = loadContent(dataDir);
  if (!content.content) throw new Error(`the content in ${dataDir} is invalid`);
  const snapshot = mkdtempSync(join(tmp, 'snapshot-'));
  writeSnapshot(snapshot, content.content, content.routes);
  // Inside the project, so that the kept server builds resolve its packages.
  const work = mkdtempSync(join(PROJECT_ROOT, '.build-bench-'));
  try {
    const siteEnv = { VPNSITE_DATA_DIR: dataDir, [SNAPSHOT_ENV]: snapshot };
    const siteServer = join(work, 'site-server');
    const floorServer = join(work, 'floor-server');
    await reactRouterBuild(PROJECT_ROOT, join(work, 'site'), siteServer, siteEnv);
    await reactRouterBuild(FLOOR_SITE, join(work, 'floor'), floorServer, {});

    const pages = content.routes.filter((r) => r.kind !== 'not-found');
    const siteJob = {
      serverDir: siteServer,
      all: [...pages.map((r) => r.path), ...NOT_FOUND_PATHS],
      render: pages.filter((r) => r.kind in PARAMETERISED).map((r) => r.path),
      env: { ...process.env, ...siteEnv, NODE_ENV: 'production' },
    };
    const floorPaths = Array.from({ length: siteJob.render.length }, (_, i) => `/p/${i + 1}`);
    const floorJob = { serverDir: floorServer, all: ['/', '/p/0', ...floorPaths], render: floorPaths, env: { ...process.env, NODE_ENV: 'production' } };

    const result = { site: { runs: [] as RenderRun[], htmlKb: 0, dataKb: 0 }, floor: { runs: [] as RenderRun[], htmlKb: 0, dataKb: 0 } };
    for (let round = 0; round < rounds; round++) {
      // Alternating which goes first, so neither always runs on a disk still busy with the other's writes.
      const order = round % 2 === 0 ? (['floor', 'site'] as const) : (['site', 'floor'] as const);
      for (const which of order) {
        const job = which === 'site' ? siteJob : floorJob;
        const clientDir = mkdtempSync(join(tmp, `render-${which}-`));
        const cpu = childCpuSeconds();
        const started = performance.now();
        const r = await renderPages({ ...job, clientDir });
        const seconds = (performance.now() - started) / 1000;
        if (r.failed || r.rendered !== job.render.length) throw new Error(`rendering the ${which} failed: ${r.failed || `${r.rendered} of ${job.render.length} pages`}`);
        result[which].runs.push({ pagesPerS: job.render.length / seconds, cpuMsPerPage: ((childCpuSeconds() - cpu) * 1000) / job.render.length });
        if (round === 0) {
          result[which].htmlKb = meanKb(clientDir, job.render, (p) => `${p}/index.html`);
          result[which].dataKb = meanKb(clientDir, job.render, (p) => `${p}.data`);
        }
      }
    }
    return { pages: siteJob.render.length, ...result };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(snapshot, { recursive: true, force: true });
  }
}
