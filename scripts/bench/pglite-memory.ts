/**
 * The service's memory and start time on each database: `vpnsite serve` on a new embedded directory (its first
 * start, which makes the cluster and migrates it), on that directory again (a later start), and on a throwaway
 * PostgreSQL server. For each: the time from spawn until /healthz/db answers 200, the resident memory then and after
 * a few seconds of idling, and the highest resident memory the service process reached (VmHWM), with that of the
 * largest helper process it started.
 *
 *   npx tsx scripts/bench/pglite-memory.ts [--runs N]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startTestPostgres } from '../lib/throwaway-postgres.ts';
import { PROJECT_ROOT } from '../build/paths.ts';
import { procCpu } from './proc-stat.ts';

interface Sample {
  readyMs: number;
  /** CPU seconds the service used until ready: the machine's other load does not change it, as it does the wall time. */
  cpuS: number;
  rssReadyMb: number;
  rssIdleMb: number;
  peakMb: number;
  helperPeakMb: number;
}

const mb = (kb: number) => Math.round(kb / 1024);

/** VmRSS and VmHWM of a process, in kB (0 when it is gone). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** The children of a process (Linux 3.5+ lists them per thread; the main thread's list is enough here). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function measure(env: NodeJS.ProcessEnv, dist: string): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'scripts/vpnsite.js'), 'serve', '--dist', dist, '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid!;
  // A helper process lives for a moment: sampled every 20 ms while the service starts.
  let helperPeak = 0;
  const watch = setInterval(() => {
    for (const c of childrenOf(pid)) helperPeak = Math.max(helperPeak, memoryOf(c).hwm);
  }, 20);
  let readyMs = 0;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz/db`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) {
      readyMs = performance.now() - started;
      break;
    }
    if (child.exitCode !== null) throw new Error('the service exited before it was ready');
    if (performance.now() - started > 180_000) throw new Error('the service was not ready within 180 s');
    await sleep(20);
  }
  clearInterval(watch);
  const cpu = procCpu(pid);
  const ready = memoryOf(pid);
  await sleep(5000);
  const idle = memoryOf(pid);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return {
    readyMs: Math.round(readyMs),
    cpuS: cpu ? cpu.self + cpu.children : 0,
    rssReadyMb: mb(ready.rss),
    rssIdleMb: mb(idle.rss),
    peakMb: mb(idle.hwm),
    helperPeakMb: mb(helperPeak),
  };
}

async function main(): Promise<void> {
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-bench-memory-'));
  // The service needs a built site only for its pages; a not-found page is enough to start it.
  const dist = join(tmp, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title><p>Not found.</p>\n');
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title><p>Home.</p>\n');
  const rows: [string, Sample][] = [];
  // Once, so the CLI's bundle is made before anything is timed.
  await measure({ DATABASE_URL: '', PGLITE_DIR: join(tmp, 'warm'), CLICK_JOURNAL_DIR: join(tmp, 'warm-journal') }, dist);
  for (let i = 0; i < runs; i++) {
    const env = { DATABASE_URL: '', PGLITE_DIR: join(tmp, `pglite-${i}`), CLICK_JOURNAL_DIR: join(tmp, `journal-${i}`) };
    rows.push(['PGlite, first start', await measure(env, dist)]);
    rows.push(['PGlite, later start', await measure(env, dist)]);
  }
  const pg = await startTestPostgres();
  try {
    for (let i = 0; i < runs; i++)
      rows.push(['PostgreSQL', await measure({ DATABASE_URL: pg.url, CLICK_JOURNAL_DIR: join(tmp, `journal-pg-${i}`) }, dist)]);
  } finally {
    pg.destroy();
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    '| start | ready (ms) | CPU until ready (s) | resident when ready (MB) | resident after 5 s idle (MB) | peak resident (MB) | peak of a helper process (MB) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, s] of rows)
    console.log(
      `| ${name} | ${s.readyMs} | ${s.cpuS.toFixed(2)} | ${s.rssReadyMb} | ${s.rssIdleMb} | ${s.peakMb} | ${s.helperPeakMb || '–'} |`,
    );
  console.log(
    `load average while it ran: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
