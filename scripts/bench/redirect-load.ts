/**
 * bench:redirect's load: autocannon rounds of a fixed number of requests from one visitor or from VISITORS of them
 * (each from its own address behind a proxy, with one of twenty browsers' agents), and the CPU each round cost the
 * server under test, PostgreSQL and this process, read from /proc.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { procCpu } from './proc-stat.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Distinct visitors (addresses) the requests cycle through, except the old setting's one. */
export const VISITORS = Number(process.env.BENCH_VISITORS ?? 20_000);

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  /** CPU microseconds per request: the server under test, PostgreSQL (all its processes), and autocannon (this process). */
  cpu: { server: number; postgres: number; load: number };
  /** How long after the last answer the server and PostgreSQL were still busy (about 0 when the writer keeps up). */
  settleMs: number;
}

/** CPU seconds used so far by the server, by every postgres process, and by this process (Linux /proc; zeros elsewhere). */
function cpuSeconds(serverPid: number | undefined): { server: number; postgres: number; load: number } {
  const out = { server: 0, postgres: 0, load: 0 };
  if (!existsSync('/proc/self/stat')) return out;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const cpu = procCpu(pid);
    if (!cpu) continue;
    if (pid === serverPid) out.server += cpu.self;
    else if (pid === process.pid) out.load += cpu.self;
    // With the CPU of the postmaster's finished children, so that a backend or an autovacuum worker that exits
    // mid-round does not take its time out of the sum.
    else if (cpu.name.startsWith('postgres')) out.postgres += cpu.self + cpu.children;
  }
  return out;
}

export async function waitUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    if (
      await fetch(url, { redirect: 'manual' }).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const HEADERS = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
export type Visitors = 'many' | 'one';
let nextVisitor = 0;
/** Browsers' user agents the many visitors share, as real traffic does (the classifier remembers each one's verdict). */
const AGENTS = Array.from(
  { length: 20 },
  (_, i) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + i}.0 Safari/537.36`,
);
/**
 * autocannon's options for one visitor, or for VISITORS of them in turn: each request from its own address, in
 * X-Forwarded-For as a load balancer sends it (the service trusts loopback's, TRUST_PROXY), with one of AGENTS.
 */
function traffic(visitors: Visitors) {
  if (visitors === 'one') return { headers: HEADERS };
  return {
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          nextVisitor = (nextVisitor + 1) % VISITORS;
          const address = `10.${(nextVisitor >> 16) & 255}.${(nextVisitor >> 8) & 255}.${nextVisitor & 255}`;
          req.headers = { ...req.headers, 'user-agent': AGENTS[nextVisitor % AGENTS.length]!, 'x-forwarded-for': address };
          return req;
        },
      },
    ] as autocannon.Request[],
  };
}

/**
 * One round of about SECONDS: a fixed number of requests (the warm-up's rate × SECONDS) rather than a timer,
 * because a timed run drops the responses still in flight when it stops, and those clicks were answered and stored.
 */
export async function load(url: string, amount: number, serverPid: number | undefined, visitors: Visitors = 'many'): Promise<Round> {
  const before = cpuSeconds(serverPid);
  // autocannon reports a run at its next sampling tick after the last answer, and its finish time is that tick's:
  // at the default tick of a second, a round of 4–5 s read as one of 4 or of 5 whole seconds, a quarter apart for
  // the same requests. Ticks of 10 ms put the finish within 10 ms of the last answer.
  const r = await autocannon({ url, connections: CONNECTIONS, amount, sampleInt: 10, ...traffic(visitors) });
  // A writer that falls behind would do its work after the round, out of the figures: the round's CPU is read once
  // the server and PostgreSQL have gone quiet (under 5% of a core for 100 ms), and that wait is reported.
  const answeredAt = Date.now();
  let after = cpuSeconds(serverPid);
  for (;;) {
    await new Promise((res) => setTimeout(res, 100));
    const now = cpuSeconds(serverPid);
    const busy = now.server - after.server + now.postgres - after.postgres;
    after = now;
    if (busy < 0.005 || Date.now() - answeredAt > 60_000) break;
  }
  const per = (k: keyof Round['cpu']) => ((after[k] - before[k]) * 1e6) / r.requests.total;
  // Requests over the run's own elapsed time: autocannon's average is over its samples, whole ones only.
  const seconds = (r.finish.getTime() - r.start.getTime()) / 1000;
  return {
    rps: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    redirects: r['3xx'],
    cpu: { server: per('server'), postgres: per('postgres'), load: per('load') },
    settleMs: Date.now() - answeredAt - 100,
  };
}

/** Two seconds of load to warm the JIT and measure the rate each round is sized from. */
export async function warmUp(url: string, visitors: Visitors = 'many'): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, amount: 2000, ...traffic(visitors) });
  const timed = await autocannon({ url, connections: CONNECTIONS, duration: 2, ...traffic(visitors) });
  return Math.max(r.requests.average, timed.requests.average) * SECONDS;
}
