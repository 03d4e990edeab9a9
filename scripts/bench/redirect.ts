/**
 * Benchmark: our /go/nordvpn (real PostgreSQL, batched click writes) against a bare Fastify 302 route.
 * 50 connections for about 10 s, three rounds alternating bare/ours; prints the throughput ratio, p50/p99 latency
 * and clicks stored vs 302s answered. Run: `npm run bench:redirect` (DATABASE_URL, or a throwaway server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startTestPostgres } from '../../tests/helpers/postgres.ts';

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const TARGET = 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352';

interface Round {
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    if (await fetch(url, { redirect: 'manual' }).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const HEADERS = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };

/**
 * One round of about SECONDS: a fixed number of requests (the warm-up's rate × SECONDS) rather than a timer,
 * because a timed run drops the responses still in flight when it stops, and those clicks were answered and stored.
 */
async function load(url: string, amount: number): Promise<Round> {
  const r = await autocannon({ url, connections: CONNECTIONS, amount, headers: HEADERS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, redirects: r['3xx'] };
}

/** Two seconds of load to warm the JIT and measure the rate each round is sized from. */
async function warmUp(url: string): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, amount: 2000, headers: HEADERS });
  const timed = await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
  return Math.max(r.requests.average, timed.requests.average) * SECONDS;
}

const pgServer = process.env.DATABASE_URL ? undefined : await startTestPostgres();
const databaseUrl = process.env.DATABASE_URL ?? pgServer!.url;
const dist = mkdtempSync(join(tmpdir(), 'vpnsite-bench-'));
writeFileSync(join(dist, '404.html'), '<!DOCTYPE html><title>Not found</title><h1>Not found</h1>');
const [oursPort, barePort] = [await freePort(), await freePort()];
const children: ChildProcess[] = [];
const start = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

try {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const ours = start(['bin/vpnsite.js', 'serve', '--dist', dist, '--port', String(oursPort)], {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    // The limiter stays on (its cost is part of ours) but high enough for one machine's load.
    GO_RATE_LIMIT: '100000000',
  });
  const bare = start(['--import', 'tsx', 'scripts/bench/bare-redirect.ts', String(barePort), TARGET]);
  await Promise.all([waitUp(`http://127.0.0.1:${oursPort}/healthz`, ours), waitUp(`http://127.0.0.1:${barePort}/go/nordvpn`, bare)]);
  const oursUrl = `http://127.0.0.1:${oursPort}/go/nordvpn?from=/&placement=bench`;
  const bareUrl = `http://127.0.0.1:${barePort}/go/nordvpn`;
  const amounts = { bare: Math.round(await warmUp(bareUrl)), ours: Math.round(await warmUp(oursUrl)) };
  await new Promise((r) => setTimeout(r, 500));
  const before = (await db.query<{ n: string }>("SELECT count(*) AS n FROM clicks WHERE provider = 'nordvpn'")).rows[0]!.n;

  const results: { bare: Round[]; ours: Round[] } = { bare: [], ours: [] };
  for (let i = 1; i <= ROUNDS; i++) {
    results.bare.push(await load(bareUrl, amounts.bare));
    results.ours.push(await load(oursUrl, amounts.ours));
    const [b, o] = [results.bare.at(-1)!, results.ours.at(-1)!];
    console.log(`round ${i}: bare ${b.rps.toFixed(0)} req/s (p50 ${b.p50} ms, p99 ${b.p99} ms) | ours ${o.rps.toFixed(0)} req/s (p50 ${o.p50} ms, p99 ${o.p99} ms)`);
  }

  // A graceful stop flushes the batch; then every answered 302 should be a row.
  ours.kill('SIGTERM');
  const code = await new Promise<number | null>((r) => ours.once('exit', r));
  const stored = Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM clicks WHERE provider = 'nordvpn'")).rows[0]!.n) - Number(before);
  await db.end();

  const mean = (rs: Round[], k: keyof Round) => rs.reduce((s, r) => s + r[k], 0) / rs.length;
  const answered = results.ours.reduce((s, r) => s + r.redirects, 0);
  const ratio = mean(results.ours, 'rps') / mean(results.bare, 'rps');
  const p99 = Math.max(...results.ours.map((r) => r.p99));
  console.log('');
  console.log(`throughput ours/bare: ${ratio.toFixed(2)} (ours ${mean(results.ours, 'rps').toFixed(0)} req/s, bare ${mean(results.bare, 'rps').toFixed(0)} req/s; target >= 0.80)`);
  console.log(`latency ours: p50 ${mean(results.ours, 'p50').toFixed(1)} ms, p99 ${mean(results.ours, 'p99').toFixed(1)} ms (worst round ${p99} ms; target p99 <= 5 ms)`);
  console.log(`latency bare: p50 ${mean(results.bare, 'p50').toFixed(1)} ms, p99 ${mean(results.bare, 'p99').toFixed(1)} ms`);
  console.log(`clicks stored ${stored} vs 302s answered ${answered}: ${stored === answered ? 'equal' : 'DIFFERENT'} (service exit code ${code})`);
  process.exitCode = stored === answered && code === 0 ? 0 : 1;
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  pgServer?.destroy();
  rmSync(dist, { recursive: true, force: true });
}
