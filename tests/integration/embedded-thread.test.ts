/**
 * The embedded database runs on a thread of its own, in a real `vpnsite serve`: a long query from a command leaves
 * /go/ fast, a command's statement stops at its time limit, the data directory is its owner's alone whatever the
 * umask, and a command gives up on a frozen (SIGSTOPped) service within 10 s.
 */
import { lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';

/** One GET on a keep-alive agent: the status and how long the answer took. */
const timedGet = (url: string, agent: Agent) =>
  new Promise<{ status: number; ms: number }>((resolve) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

describe('the embedded database on its own thread', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'vpnsite-thread-')), 'pglite');
  const env = { DATABASE_URL: '', PGLITE_DIR: dir, LOG_LEVEL: 'warn' };
  let svc: ServeProcess;

  beforeAll(async () => {
    // The service inherits this umask, the loosest there is: the directory must be private anyway.
    const umask = process.umask(0);
    try {
      svc = await spawnServe(env, null);
    } finally {
      process.umask(umask);
    }
    // A new embedded database is made and migrated first: minutes on a machine as loaded as a test run's.
    for (
      const until = Date.now() + 420_000;
      (await fetch(`${svc.url}/healthz/db`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
    ) {
      if (Date.now() > until || svc.child.exitCode !== null) throw new Error(`vpnsite serve did not open its database:\n${svc.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 480_000);
  afterAll(async () => {
    if (svc && svc.child.exitCode === null && svc.child.signalCode === null) await stop(svc, 'SIGKILL');
  });

  it('keeps /go/ under 50 ms at p99 while a command runs a 10 s query', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const statuses = new Set<number>();
    /** Three /go/ lanes and one /healthz lane until `until` resolves. */
    const load = async (until: Promise<unknown>) => {
      let done = false;
      void until.finally(() => (done = true));
      const go: number[] = [];
      const health: number[] = [];
      const lane = async (path: string, into: number[]) => {
        while (!done) {
          const { status, ms } = await timedGet(`${svc.url}${path}`, agent);
          statuses.add(status);
          into.push(ms);
        }
      };
      await Promise.all([lane('/go/nordvpn', go), lane('/go/nordvpn', go), lane('/go/nordvpn', go), lane('/healthz', health)]);
      return { go, health };
    };
    // The same load for 3 s with nothing else running: what this machine gives at the moment.
    const quiet = await load(new Promise((r) => setTimeout(r, 3000)));
    const started = Date.now();
    const query = vpnsiteAsync(['db', 'query', 'SELECT pg_sleep(10) AS slept'], env);
    // Measured from the moment the query holds the database (/healthz/db gives up on it): the command's own start,
    // which competes for the cores as the quiet round's load did not, is left out.
    let answered = false;
    void query.finally(() => (answered = true));
    while (!answered && (await fetch(`${svc.url}/healthz/db`)).status !== 503) await new Promise((r) => setTimeout(r, 50));
    const { go, health } = await load(query);
    const answer = await query;
    agent.destroy();
    // The query really held the embedded database for its 10 s, and answered.
    expect(answer.stderr).toBe('');
    expect(JSON.parse(answer.stdout)).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect([...statuses].sort()).toEqual([200, 302]);
    expect(go.length).toBeGreaterThan(100);
    // Under 50 ms; on a machine so loaded that /go/ is slower than that with nothing running, no slower than three
    // times that (the other test files' load moves between the two rounds). On the service's own thread the query
    // held every redirect for the whole 10 s.
    console.log(
      `/go/ p99 ${percentile(go, 99).toFixed(1)} ms during the query (${go.length} redirects), ${percentile(quiet.go, 99).toFixed(1)} ms without; /healthz p99 ${percentile(health, 99).toFixed(1)} ms`,
    );
    expect(percentile(go, 99)).toBeLessThan(Math.max(50, 3 * percentile(quiet.go, 99)));
    expect(Math.max(...go)).toBeLessThan(5000);
    // /healthz waits at most 0.5 s for the database before it says "down"; it too was held for the whole 10 s.
    expect(health.length).toBeGreaterThan(5);
    expect(Math.max(...health)).toBeLessThan(5000);
  }, 120_000);

  it("stops a command's statement at --timeout, and the service and the database go on", async () => {
    const started = Date.now();
    const slow = await vpnsiteAsync(['db', 'query', '--timeout', '1', 'SELECT pg_sleep(60)'], env);
    expect(slow.status).toBe(1);
    expect(slow.stderr.trim()).toMatch(/^canceling statement due to statement timeout \(1 s\)/);
    expect(Date.now() - started).toBeLessThan(40_000);
    // A click answered now is written once the database is open again.
    expect((await fetch(`${svc.url}/go/nordvpn`, { redirect: 'manual' })).status).toBe(302);
    await expect
      .poll(
        async () => {
          const r = await vpnsiteAsync(['db', 'query', 'SELECT count(*)::int AS n FROM clicks'], env);
          return r.status === 0 ? (JSON.parse(r.stdout) as { n: number }[])[0]!.n : -1;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);
  }, 120_000);

  it('keeps the data directory to its owner: directories 0700, files 0600, whatever the umask', () => {
    const loose: string[] = [];
    const walk = (path: string) => {
      const st = lstatSync(path);
      if ((st.mode & 0o077) !== 0) loose.push(`${path} ${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(dir);
    expect(loose).toEqual([]);
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    // Many files: the whole of PGlite's directory was looked at.
    expect(readdirSync(join(dir, 'base')).length).toBeGreaterThan(0);
  });

  it('gives up on a frozen service within 10 s, with one line saying so', async () => {
    // What starting a command costs on this machine just now, which a loaded machine makes seconds.
    let started = Date.now();
    expect((await vpnsiteAsync(['--help'], env)).status).toBe(0);
    const startMs = Date.now() - started;
    svc.child.kill('SIGSTOP');
    try {
      started = Date.now();
      const answer = await vpnsiteAsync(['clicks'], env);
      const ms = Date.now() - started;
      expect(answer.status).toBe(1);
      expect(answer.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/did not answer for 8 s \(is it stopped or frozen\?\); gave up$/),
      ]);
      expect(ms - startMs).toBeLessThan(10_000);
    } finally {
      svc.child.kill('SIGCONT');
    }
    // Thawed, it answers again.
    expect((await vpnsiteAsync(['db', 'query', 'SELECT 1 AS one'], env)).stdout).toContain('"one": 1');
  }, 60_000);
});
