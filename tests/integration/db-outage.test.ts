/**
 * Redirects never wait on the database, as real processes: a start with PostgreSQL stopped, a PostgreSQL that hangs
 * (SIGSTOP), and a shutdown while it is down.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { spawnServe, stop } from '../helpers/serve-process.ts';
import { useOwnPostgres } from '../helpers/service.ts';

/** The postmaster and every backend it started: a hung server is all of them stopped. */
function serverPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const post = (url: string, body: unknown) =>
  fetch(`${url}/api/newsletter-subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const count = async (databaseUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql)).rows[0]!.n;
  } finally {
    await client.end();
  }
};

describe('PostgreSQL unreachable', () => {
  const own = useOwnPostgres();

  it('starts with PostgreSQL stopped, redirects at once, and stores every click once it starts', async () => {
    own.server().stop();
    const svc = await spawnServe({ DATABASE_URL: own.databaseUrl(), LOG_LEVEL: 'warn' });
    try {
      expect((await fetch(`${svc.url}/`)).status).toBe(200);
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${svc.url}/go/nordvpn?placement=cold-start`, { redirect: 'manual' }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 302)).toHaveLength(100);
      const health = await fetch(`${svc.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok', db: 'down' }]);
      expect((await fetch(`${svc.url}/healthz/db`)).status).toBe(503);
      const form = await post(svc.url, { email: 'early@example.com' });
      expect(form.status).toBe(503);
      expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await form.json()).toEqual({ error: expect.stringMatching(/try again/) });

      own.server().start();
      await expect.poll(async () => (await fetch(`${svc.url}/healthz/db`)).status, { timeout: 60_000 }).toBe(200);
      await expect
        .poll(() => count(own.databaseUrl(), "SELECT count(*)::int AS n FROM clicks WHERE placement = 'cold-start'"), { timeout: 30_000 })
        .toBe(100);
      expect((await post(svc.url, { email: 'later@example.com' })).status).toBe(200);
      expect((await stop(svc)).code).toBe(0);
    } finally {
      if (svc.child.exitCode === null) svc.child.kill('SIGKILL');
    }
  });

  it('treats a PostgreSQL that hangs (SIGSTOP) as down: forms answer 503 in time, redirects go on, clicks are kept', async () => {
    const svc = await spawnServe({ DATABASE_URL: own.databaseUrl(), LOG_LEVEL: 'warn', DATABASE_QUERY_TIMEOUT_MS: '1000' }, '/healthz/db');
    const pids = serverPids(own.server().dataDir);
    try {
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      const started = Date.now();
      const form = await post(svc.url, { email: 'hung@example.com' });
      expect(form.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(8000);
      for (let i = 0; i < 20; i++) expect((await fetch(`${svc.url}/go/surfshark?placement=hung`, { redirect: 'manual' })).status).toBe(302);
      expect((await fetch(`${svc.url}/healthz`)).status).toBe(200);
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    await expect
      .poll(() => count(own.databaseUrl(), "SELECT count(*)::int AS n FROM clicks WHERE placement = 'hung'"), { timeout: 30_000 })
      .toBe(20);
    expect((await stop(svc)).code).toBe(0);
  });

  it('stops within SHUTDOWN_TIMEOUT_MS and a second while PostgreSQL is down, keeps the clicks in the journal, and stores them at the next start', async () => {
    const journal = mkdtempSync(join(tmpdir(), 'vpnsite-journal-'));
    const env = { DATABASE_URL: own.databaseUrl(), LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '3000', CLICK_JOURNAL_DIR: journal };
    const svc = await spawnServe(env, '/healthz/db');
    own.server().stop();
    try {
      for (let i = 0; i < 30; i++) expect((await fetch(`${svc.url}/go/ipvanish?placement=kept`, { redirect: 'manual' })).status).toBe(302);
      const { code, ms } = await stop(svc);
      expect(ms).toBeLessThan(4000);
      expect(code, svc.output()).toBe(0);
      expect(svc.output()).toContain(
        '30 clicks were not written to the database within SHUTDOWN_TIMEOUT_MS: they stay in the click journal',
      );
    } finally {
      own.server().start();
    }
    const next = await spawnServe(env, '/healthz/db');
    await expect
      .poll(() => count(own.databaseUrl(), "SELECT count(*)::int AS n FROM clicks WHERE placement = 'kept'"), { timeout: 30_000 })
      .toBe(30);
    expect((await stop(next)).code).toBe(0);
    expect(next.output()).toContain('every click was written');
    // No segment is left; the owner's lock file stays, as a lock held by flock is never unlinked (another owner may hold it).
    expect(readdirSync(journal).filter((f) => f !== 'vpnsite.lock')).toEqual([]);
  });
});
