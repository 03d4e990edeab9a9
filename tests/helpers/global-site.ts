/** Vitest global setup for e2e: build the real content once into a temp dist and serve it with `vpnsite serve`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../scripts/commands/build.ts';
import { freePort } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}

/** Waits until the server answers (up to two minutes: start-up migrates PGlite, slow on a busy machine), or fails with what it printed. */
async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server did not start:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-e2e-'));
  const distDir = join(tmp, 'dist');
  const lines: string[] = [];
  if (!(await runBuild({ data: 'data', out: distDir }, (l) => lines.push(l)))) throw new Error(`build failed:\n${lines.join('\n')}`);
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['bin/vpnsite.js', 'serve', '--dist', distDir, '--port', String(port)], {
    // Every test's browser posts the forms from 127.0.0.1: one visitor, whose limit the whole suite would share.
    env: { ...process.env, LOG_LEVEL: 'warn', PGLITE_DIR: join(tmp, 'pglite'), FORM_RATE_LIMIT: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d));
  child.stderr?.on('data', (d: Buffer) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/`, child, () => out);
  project.provide('baseUrl', baseUrl);
  project.provide('distDir', distDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(tmp, { recursive: true, force: true });
  };
}
