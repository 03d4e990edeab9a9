/** `vpnsite serve` and other vpnsite commands as real child processes, for tests of signals, locks and outages. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { FIXTURE_DIST } from './service.ts';

const BIN = resolve('scripts/vpnsite.js');

/**
 * The file's children still running, which tests/helpers/reap-children.ts kills after the file: a test that fails or
 * times out leaves none behind to load the machine. Kept on globalThis because test files that share a worker share
 * this module, while the setup file runs again for each of them.
 */
const running: Set<ChildProcess> = ((globalThis as { __testChildren?: Set<ChildProcess> }).__testChildren ??= new Set());
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and how long after `since` it came. */
  exited: Promise<number | null>;
}

/**
 * Starts `vpnsite serve` on a free port (DIST_DIR in env replaces the fixture site); resolves once GET `waitFor`
 * answers 200 (or at once for null). `launcher` runs it through another command (`unshare …`), which ends with it.
 */
export async function spawnServe(
  envOrFn: Record<string, string> | ((url: string) => Record<string, string>),
  waitFor: string | null = '/healthz',
  cwd?: string,
  launcher: string[] = [],
): Promise<ServeProcess> {
  const port = await freePort();
  // A function gets the service's own URL first, for settings that name it (PUBLIC_URL).
  const env = typeof envOrFn === 'function' ? envOrFn(`http://127.0.0.1:${port}`) : envOrFn;
  let out = '';
  const argv = [process.execPath, BIN, 'serve', '--dist', resolve(env.DIST_DIR ?? FIXTURE_DIST), '--port', String(port)];
  const [command, ...args] = [...launcher, ...argv];
  const child = spawn(command!, args, {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      CLICK_BUDGET_PER_MINUTE: '0',
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-mail-')),
      CLICK_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-journal-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const proc = { child, url, output: () => out, exited };
  if (waitFor === null) return proc;
  // Generous: a loaded machine can take most of a minute to start a process that compiles and opens PGlite.
  for (const until = Date.now() + 280_000; Date.now() < until; ) {
    if (child.exitCode !== null) throw new Error(`vpnsite serve exited with ${child.exitCode}:\n${out}`);
    if (
      (await fetch(`${url}${waitFor}`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return proc;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`vpnsite serve did not answer ${waitFor}:\n${out}`);
}

/** Sends a signal and resolves with the exit code and the milliseconds it took to exit. */
export async function stop(proc: ServeProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
  const start = Date.now();
  proc.child.kill(signal);
  const code = await proc.exited;
  return { code, ms: Date.now() - start };
}

/** Runs a vpnsite command without blocking this process's event loop (a load generator may be running in it). */
export function vpnsiteAsync(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.once('exit', (status) => done({ status, stdout, stderr }));
  });
}
