/** Builds the site into a temporary directory and serves it with `vpnsite serve`, for benchmarks and audits. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild } from '../cli/commands/build.ts';
import { isPortBusy, portBusyLine, probePort } from '../cli/port-busy.ts';
import { PROJECT_ROOT } from '../build/paths.ts';

export interface Served {
  baseUrl: string;
  distDir: string;
  stop(): Promise<void>;
}

/** Builds `data/` and starts the service on `port`; `env` reaches the service (e.g. DATABASE_URL). */
export async function buildAndServe(port: number, env: NodeJS.ProcessEnv = {}): Promise<Served> {
  // A service already on the port (say, one a stopped run left) would answer for ours, and be what gets measured.
  await probePort('127.0.0.1', port).catch((err: unknown) => {
    throw isPortBusy(err) ? new Error(portBusyLine('127.0.0.1', port, 'PORT=N')) : err;
  });
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-bench-'));
  const distDir = join(tmp, 'dist');
  if (!(await runBuild({ data: join(PROJECT_ROOT, 'data'), out: distDir }, () => undefined)))
    throw new Error('build failed: run `npx vpnsite build` to see why');
  return serveDist(port, distDir, env, tmp);
}

/**
 * Serves an already built site (`distDir`, e.g. a build of an earlier commit to measure against) with `vpnsite serve`
 * on `port`; its database and journal go in `tmp`, removed on stop (with the build, when `tmp` holds it).
 */
export async function serveDist(
  port: number,
  distDir: string,
  env: NodeJS.ProcessEnv = {},
  tmp = mkdtempSync(join(tmpdir(), 'vpnsite-bench-')),
): Promise<Served> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'scripts/vpnsite.js'), 'serve', '--dist', distDir, '--port', String(port)],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', PGLITE_DIR: join(tmp, 'pglite'), CLICK_JOURNAL_DIR: join(tmp, 'clicks.journal'), ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(baseUrl);
      break;
    } catch {
      // Two minutes: on a loaded machine the service took over thirty seconds to start.
      if (i > 1200 || child.exitCode !== null) {
        // Nothing is left behind: neither a service still starting nor the build.
        child.kill('SIGTERM');
        rmSync(tmp, { recursive: true, force: true });
        throw new Error('the service did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    distDir,
    stop: async () => {
      // A service that has already stopped sends no second 'exit'.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
