/**
 * Renders the reviews and articles, the pages that grow with the content, in one worker process per core.
 * React Router prerenders a build's pages one at a time on one core; a profile of a 1,000-page build showed
 * rendering (React and React Router's request handling) as the largest cost after bundling, so it is split.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/paths.ts';

/** What render-worker.mjs is given (as JSON in its argument). */
export interface WorkerJob {
  /** The kept server build's entry (index.js). */
  serverEntry: string;
  clientDir: string;
  /** A JSON file with every prerendered path (the handler refuses any other) and this worker's share of them. */
  pathsFile: string;
  worker: number;
  workers: number;
  concurrency: number;
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
}

/** Renders `render` into clientDir; resolves with what failed, or an empty string. */
export async function renderPages(opts: RenderOptions): Promise<string> {
  if (opts.render.length === 0) return '';
  const pathsFile = join(opts.serverDir, 'paths.json');
  await writeFile(pathsFile, JSON.stringify({ all: opts.all, render: opts.render }));
  const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), Math.ceil(opts.render.length / 50)));
  const script = join(PROJECT_ROOT, 'scripts/build/render-worker.mjs');
  const runs = Array.from({ length: workers }, (_, worker) => {
    const job: WorkerJob = { serverEntry: join(opts.serverDir, 'index.js'), clientDir: opts.clientDir, pathsFile, worker, workers, concurrency: 4 };
    return new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [script, JSON.stringify(job)], { cwd: PROJECT_ROOT, env: opts.env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d));
      child.on('close', (code) => resolve(code === 0 ? '' : `render worker ${worker + 1}/${workers} failed:\n${err.trim()}`));
      child.on('error', (e) => resolve(`render worker ${worker + 1}/${workers}: ${e.message}`));
    });
  });
  return (await Promise.all(runs)).filter(Boolean).join('\n');
}
