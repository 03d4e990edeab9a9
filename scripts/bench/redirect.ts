/**
 * Benchmark: our /go/nordvpn (real PostgreSQL, the click journal, batched click writes) against a bare Fastify 302
 * route. 50 connections for about 10 s, three rounds alternating bare, ours with its default settings (request
 * logging at info, the click journal) and VISITORS distinct visitors, ours with the old setting of this benchmark
 * (LOG_LEVEL=warn and one user agent, so every click after the twentieth in a minute took the over-budget path),
 * ours with ?notrack=1 (the same service recording nothing) and a minimal batching prototype
 * (scripts/bench/batching-prototype.ts: what storing a row per click costs any design on this machine); prints the
 * throughput ratios, p50/p99 latency and clicks stored vs 302s answered.
 * Run: `npm run bench:redirect` (DATABASE_URL, or a throwaway server). BENCH_CPU_PROF=<dir> writes a CPU profile of
 * each server the benchmark starts (node --cpu-prof) into that directory when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startTestPostgres } from '../lib/throwaway-postgres.ts';
import { load, type Round, VISITORS, waitUp, warmUp } from './redirect-load.ts';

const ROUNDS = 3;
const TARGET = 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352';
/** The prototype's table, created by it in the benchmark's database and dropped at the end. */
const PROTOTYPE_TABLE = 'bench_prototype_clicks';

// Other work on the machine moves every figure: the ratios are only comparable within one run, with this said.
console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
const pgServer = process.env.DATABASE_URL ? undefined : await startTestPostgres();
const databaseUrl = process.env.DATABASE_URL ?? pgServer!.url;
const dist = mkdtempSync(join(tmpdir(), 'vpnsite-bench-'));
writeFileSync(join(dist, '404.html'), '<!DOCTYPE html><title>Not found</title><h1>Not found</h1>');
const [oursPort, oldPort, barePort, prototypePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
const children: ChildProcess[] = [];
/** Profiles the very processes the rounds measure: a harness of its own would not run what they run beside. */
const PROFILE = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const start = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(process.execPath, [...PROFILE, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

/**
 * Stops the servers and removes what the run made: its build, the throwaway PostgreSQL and, in a DATABASE_URL the
 * user gave, the prototype's table, however the run ends (finished, failed, or stopped with Ctrl-C).
 */
let cleaned: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    const exited = children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => new Promise((r) => c.once('exit', r)));
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 5000))]);
    if (process.env.DATABASE_URL) {
      const db = new pg.Client({ connectionString: databaseUrl });
      try {
        await db.connect();
        await db.query(`DROP TABLE IF EXISTS ${PROTOTYPE_TABLE}`);
      } catch (err) {
        console.error(`could not drop ${PROTOTYPE_TABLE}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await db.end().catch(() => undefined);
      }
    }
    pgServer?.destroy();
    rmSync(dist, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Every setting at its default (LOG_LEVEL, the budget, the journal) but where the journal lives, and TRUST_PROXY
  // set to loopback as behind a load balancer, which is how the visitors get addresses of their own. LOG_LEVEL and
  // LOG_FORMAT are cleared, so a value in the caller's environment does not change what is measured.
  const defaults = {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: '',
    LOG_FORMAT: '',
    CLICK_BUDGET_PER_MINUTE: '',
    TRUST_PROXY: '127.0.0.1',
    CLICK_JOURNAL_DIR: join(dist, 'journal-ours'),
  };
  const ours = start(['scripts/vpnsite.js', 'serve', '--dist', dist, '--port', String(oursPort)], defaults);
  // The old setting: warnings only, and one client, every click of which past the first 20 a minute is stored flagged
  // over budget.
  const old = start(['scripts/vpnsite.js', 'serve', '--dist', dist, '--port', String(oldPort)], {
    ...defaults,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '',
    CLICK_JOURNAL_DIR: join(dist, 'journal-old'),
  });
  const bare = start(['--import', 'tsx', 'scripts/bench/bare-redirect.ts', String(barePort), TARGET]);
  const prototype = start([
    '--import',
    'tsx',
    'scripts/bench/batching-prototype.ts',
    String(prototypePort),
    TARGET,
    databaseUrl,
    PROTOTYPE_TABLE,
  ]);
  const prototypeUrl = `http://127.0.0.1:${prototypePort}/go/nordvpn?from=/&placement=bench`;
  await Promise.all([
    // /healthz/db: the service migrates in the background, and the count below needs the clicks table.
    waitUp(`http://127.0.0.1:${oursPort}/healthz/db`, ours),
    waitUp(`http://127.0.0.1:${oldPort}/healthz/db`, old),
    waitUp(`http://127.0.0.1:${barePort}/go/nordvpn`, bare),
    waitUp(`${prototypeUrl}&warm=1`, prototype),
  ]);
  const oursUrl = `http://127.0.0.1:${oursPort}/go/nordvpn?from=/&placement=bench`;
  const oldUrl = `http://127.0.0.1:${oldPort}/go/nordvpn?from=/&placement=bench-old`;
  // The same request for every contender: bare ignores the query, but parses it as any Fastify route does.
  const bareUrl = `http://127.0.0.1:${barePort}/go/nordvpn?from=/&placement=bench`;
  // The same service answering without recording (?notrack=1): what the app costs apart from the clicks it stores.
  const untrackedUrl = `${oursUrl}&notrack=1`;
  const amounts = {
    bare: Math.round(await warmUp(bareUrl)),
    ours: Math.round(await warmUp(oursUrl)),
    old: Math.round(await warmUp(oldUrl, 'one')),
    untracked: Math.round(await warmUp(untrackedUrl)),
    prototype: Math.round(await warmUp(prototypeUrl)),
  };
  await new Promise((r) => setTimeout(r, 500));
  const countOf = async (placement: string) =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM clicks WHERE placement = $1', [placement])).rows[0]!.n);
  const before = await countOf('bench');
  const oldBefore = await countOf('bench-old');
  const prototypeCount = async () => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${PROTOTYPE_TABLE}`)).rows[0]!.n);
  const prototypeBefore = await prototypeCount();

  const results: { bare: Round[]; ours: Round[]; old: Round[]; untracked: Round[]; prototype: Round[] } = {
    bare: [],
    ours: [],
    old: [],
    untracked: [],
    prototype: [],
  };
  for (let i = 1; i <= ROUNDS; i++) {
    results.bare.push(await load(bareUrl, amounts.bare, bare.pid));
    results.ours.push(await load(oursUrl, amounts.ours, ours.pid));
    results.old.push(await load(oldUrl, amounts.old, old.pid, 'one'));
    results.untracked.push(await load(untrackedUrl, amounts.untracked, ours.pid));
    results.prototype.push(await load(prototypeUrl, amounts.prototype, prototype.pid));
    const [b, o, u, p, d] = [
      results.bare.at(-1)!,
      results.ours.at(-1)!,
      results.untracked.at(-1)!,
      results.prototype.at(-1)!,
      results.old.at(-1)!,
    ];
    console.log(
      `round ${i}: bare ${b.rps.toFixed(0)} req/s (p50 ${b.p50} ms, p99 ${b.p99} ms) | ours ${o.rps.toFixed(0)} req/s (p50 ${o.p50} ms, p99 ${o.p99} ms) | ours, old setting ${d.rps.toFixed(0)} req/s | ours, notrack ${u.rps.toFixed(0)} req/s | prototype ${p.rps.toFixed(0)} req/s | busy after the last answer: ours ${o.settleMs} ms, prototype ${p.settleMs} ms`,
    );
  }

  // A graceful stop flushes the batch; then every answered 302 should be a row.
  // Both are stopped at once, so one may have exited before its exit is awaited: its 'exit' event is gone by then.
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve(c.exitCode) : new Promise<number | null>((r) => c.once('exit', r));
  ours.kill('SIGTERM');
  old.kill('SIGTERM');
  const [code, oldCode] = await Promise.all([exited(ours), exited(old)]);
  const stored = (await countOf('bench')) - before;
  const oldStored = (await countOf('bench-old')) - oldBefore;
  prototype.kill('SIGTERM');
  await exited(prototype);
  const prototypeStored = (await prototypeCount()) - prototypeBefore;
  await db.query(`DROP TABLE IF EXISTS ${PROTOTYPE_TABLE}`);
  await db.end();

  const mean = (rs: Round[], k: Exclude<keyof Round, 'cpu' | 'settleMs'>) => rs.reduce((s, r) => s + r[k], 0) / rs.length;
  const cpu = (rs: Round[], k: keyof Round['cpu']) => (rs.reduce((s, r) => s + r.cpu[k], 0) / rs.length).toFixed(1);
  const answered = results.ours.reduce((s, r) => s + r.redirects, 0);
  const ratio = mean(results.ours, 'rps') / mean(results.bare, 'rps');
  const p99 = Math.max(...results.ours.map((r) => r.p99));
  console.log('');
  console.log(
    `throughput ours/bare: ${ratio.toFixed(2)} (ours ${mean(results.ours, 'rps').toFixed(0)} req/s, bare ${mean(results.bare, 'rps').toFixed(0)} req/s)`,
  );
  console.log(
    `throughput ours/prototype, default settings and ${VISITORS} visitors: ${(mean(results.ours, 'rps') / mean(results.prototype, 'rps')).toFixed(2)} (target >= 0.90)`,
  );
  console.log(
    `throughput ours/prototype, old setting (LOG_LEVEL=warn, one visitor): ${(mean(results.old, 'rps') / mean(results.prototype, 'rps')).toFixed(2)}`,
  );
  console.log(
    `old setting: ${mean(results.old, 'rps').toFixed(0)} req/s, p50 ${mean(results.old, 'p50').toFixed(1)} ms, p99 ${mean(results.old, 'p99').toFixed(1)} ms, server CPU ${cpu(results.old, 'server')} µs and PostgreSQL ${cpu(results.old, 'postgres')} µs per request`,
  );
  console.log(`throughput notrack/bare: ${(mean(results.untracked, 'rps') / mean(results.bare, 'rps')).toFixed(2)} (target >= 0.90)`);
  console.log(
    `latency ours: p50 ${mean(results.ours, 'p50').toFixed(1)} ms, p99 ${mean(results.ours, 'p99').toFixed(1)} ms (worst round ${p99} ms; target p99 <= 5 ms)`,
  );
  console.log(`latency bare: p50 ${mean(results.bare, 'p50').toFixed(1)} ms, p99 ${mean(results.bare, 'p99').toFixed(1)} ms`);
  console.log(
    `ours with ?notrack=1 (redirects, records nothing): ${(mean(results.untracked, 'rps') / mean(results.bare, 'rps')).toFixed(2)} of bare (${mean(results.untracked, 'rps').toFixed(0)} req/s, p99 ${mean(results.untracked, 'p99').toFixed(1)} ms)`,
  );
  console.log(
    `minimal batching prototype (bare's 302, one INSERT per 50 ms or 500 clicks, no checks): ${(mean(results.prototype, 'rps') / mean(results.bare, 'rps')).toFixed(2)} of bare (${mean(results.prototype, 'rps').toFixed(0)} req/s, p99 ${mean(results.prototype, 'p99').toFixed(1)} ms)`,
  );
  // Both servers share 2 cores with autocannon (and ours with PostgreSQL): where each request's CPU time goes.
  console.log(
    `cpu per request, µs: bare server ${cpu(results.bare, 'server')}, autocannon ${cpu(results.bare, 'load')} | ours server ${cpu(results.ours, 'server')}, PostgreSQL ${cpu(results.ours, 'postgres')}, autocannon ${cpu(results.ours, 'load')} | notrack server ${cpu(results.untracked, 'server')}, autocannon ${cpu(results.untracked, 'load')} | prototype server ${cpu(results.prototype, 'server')}, PostgreSQL ${cpu(results.prototype, 'postgres')}, autocannon ${cpu(results.prototype, 'load')}`,
  );
  console.log(
    `clicks stored ${stored} vs 302s answered ${answered}: ${stored === answered ? 'equal' : 'DIFFERENT'} (service exit code ${code})`,
  );
  const oldAnswered = results.old.reduce((s, r) => s + r.redirects, 0);
  console.log(
    `old setting: clicks stored ${oldStored} vs 302s answered ${oldAnswered}: ${oldStored === oldAnswered ? 'equal' : 'DIFFERENT'} (service exit code ${oldCode})`,
  );
  const prototypeAnswered = results.prototype.reduce((s, r) => s + r.redirects, 0);
  console.log(
    `prototype: clicks stored ${prototypeStored} vs 302s answered ${prototypeAnswered}: ${prototypeStored === prototypeAnswered ? 'equal' : 'DIFFERENT'}`,
  );
  process.exitCode = stored === answered && code === 0 && oldStored === oldAnswered && oldCode === 0 ? 0 : 1;
} finally {
  await cleanUp();
}
