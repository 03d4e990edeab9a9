/**
 * `vpnsite db query` on the embedded database while `vpnsite serve` owns it: the rows come in chunks from the
 * database's thread through the service to the command, so a 1-million-row export keeps the service within 50 MB of
 * its idle memory and /go/ fast beside it. Past its stated limit the command stops, says so and exits 1.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgliteDir } from '../helpers/pglite-template.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';

const MB = 1024 * 1024;
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Runs the command, counting its output's lines and bytes rather than keeping them. */
function exportRows(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; lines: number; bytes: number; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('scripts/vpnsite.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.once('exit', (status) => done({ status, lines, bytes, stderr }));
  });
}

describe('a 1-million-row db query export beside the service', () => {
  let svc: ServeProcess;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATABASE_URL: '', PGLITE_DIR: freshPgliteDir(), LOG_LEVEL: 'warn' };
    svc = await spawnServe(env, '/healthz/db');
  });
  afterAll(async () => {
    if (svc) await stop(svc);
  });

  /** /go/ timed one request after another, every 20 ms, until `until` settles. */
  const timeGo = async (until: Promise<unknown>) => {
    let done = false;
    void until.finally(() => (done = true));
    const times: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${svc.url}/go/nordvpn?placement=beside-export`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status).toBe(302);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times.sort((a, b) => a - b);
  };

  it('streams every row with the service within 50 MB of idle and /go/ fast beside it', async () => {
    const pid = svc.child.pid!;
    // Idle: the service answering /go/ alone for five seconds, its memory sampled meanwhile.
    let idle = 0;
    const quiet = new Promise((r) => setTimeout(r, 5000));
    const sampleIdle = setInterval(() => (idle = Math.max(idle, rss(pid))), 100);
    const alone = await timeGo(quiet);
    clearInterval(sampleIdle);

    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, rss(pid))), 100);
    const exported = exportRows(
      [
        'db',
        'query',
        'SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 1000000) g',
        '--format',
        'csv',
        '--max-rows',
        '0',
        '--max-bytes',
        '0',
      ],
      env,
    );
    const beside = await timeGo(exported);
    clearInterval(sample);
    const result = await exported;
    expect(result.status, result.stderr).toBe(0);
    expect(result.lines).toBe(1_000_001);
    const said = `idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB; /go/ p99 alone ${percentile(alone, 0.99).toFixed(1)} ms, beside ${percentile(beside, 0.99).toFixed(1)} ms over ${beside.length}`;
    console.info(said);
    expect(peak - idle, said).toBeLessThan(50 * MB);
    // Under 50 ms; on a machine so loaded that /go/ alone is past that, no worse than alone.
    expect(percentile(beside, 0.99), said).toBeLessThan(Math.max(50, 1.5 * percentile(alone, 0.99)));
  }, 600_000);

  it('stops at its stated limit, says so on stderr and exits 1, the rows above complete', async () => {
    const r = await vpnsiteAsync(['db', 'query', 'SELECT g AS n FROM generate_series(1, 5000) g', '--max-rows', '2500'], env);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toHaveLength(2500);
    expect(r.stderr).toContain('stopped at the limit of 2,500 rows (--max-rows)');
    const bytes = await vpnsiteAsync(
      ['db', 'query', 'SELECT g AS n FROM generate_series(1, 5000) g', '--format', 'csv', '--max-bytes', '100'],
      env,
    );
    expect(bytes.status).toBe(1);
    expect(Buffer.byteLength(bytes.stdout)).toBeLessThanOrEqual(100);
    expect(bytes.stderr).toContain('stopped at the limit of 100 bytes (--max-bytes)');
    // The default is stated in the help.
    expect((await vpnsiteAsync(['db', 'query', '--help'], env)).stdout).toMatch(/--max-rows <n>.*\(default: 100000\)/s);
  }, 120_000);
});
