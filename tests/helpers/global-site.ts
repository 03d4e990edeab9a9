/** Vitest global setup for e2e: build the real content once into a temp dist and serve it with `vpnsite serve`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, FLAGS } from './chromium.ts';
import { runBuild } from '../../scripts/cli/commands/build.ts';
import { BUILD_DAY } from './build-day.ts';
import { providePgliteTemplates } from './pglite-template.ts';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { processTreeCpu } from '../../scripts/bench/proc-stat.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
    browserWs: string;
  }
}

/**
 * Waits until the server answers (up to five minutes: start-up loads PGlite's WebAssembly and migrates it, which
 * took three minutes on a machine shared by several builds), or fails with what it printed.
 */
async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (
      (await fetch(url).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-e2e-'));
  const distDir = join(tmp, 'dist');
  const lines: string[] = [];
  // Built as on a fixed day while the content's offers run and its prices are fresh, so every run sees the same
  // pages; tests that need a later day set the browser's clock (the pages follow it once hydrated).
  const before = process.env.VPNSITE_TODAY;
  process.env.VPNSITE_TODAY = BUILD_DAY;
  try {
    if (!(await runBuild({ data: 'data', out: distDir }, (l) => lines.push(l)))) throw new Error(`build failed:\n${lines.join('\n')}`);
  } finally {
    if (before === undefined) delete process.env.VPNSITE_TODAY;
    else process.env.VPNSITE_TODAY = before;
  }
  const { migrated } = await providePgliteTemplates(project, tmp);
  cpSync(migrated, join(tmp, 'pglite'), { recursive: true });
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['scripts/vpnsite.js', 'serve', '--dist', distDir, '--port', String(port)], {
    // Every test's browser posts the forms from 127.0.0.1: one visitor, whose limit the whole suite would share.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PGLITE_DIR: join(tmp, 'pglite'),
      MAIL_DIR: join(tmp, 'mail'),
      CLICK_JOURNAL_DIR: join(tmp, 'clicks.journal'),
      FORM_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d));
  child.stderr?.on('data', (d: Buffer) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The database too: the service migrates it in the background, and the form tests need it.
  await waitFor(`${baseUrl}/healthz/db`, child, () => out);
  project.provide('baseUrl', baseUrl);
  project.provide('distDir', distDir);
  // One Chromium for every file: each file connects to it and opens contexts of its own, which share nothing. Starting
  // a browser for each file cost more CPU than most of the files' tests.
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS });
  project.provide('browserWs', browser.wsEndpoint());
  return async () => {
    // The shared browser's and service's CPU, which no test file's own line counts (tests/helpers/cpu-log.ts).
    if (process.env.TEST_CPU_LOG) {
      const line = (file: string, pid: number | undefined) =>
        `${JSON.stringify({ file, self: pid ? Math.round(processTreeCpu(pid) * 100) / 100 : 0, children: 0 })}\n`;
      appendFileSync(
        process.env.TEST_CPU_LOG,
        line('(e2e) the shared Chromium', browser.process().pid) + line('(e2e) the shared vpnsite serve', child.pid),
      );
    }
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(tmp, { recursive: true, force: true });
  };
}
