/**
 * The click journal, through real processes and signals: `vpnsite serve` killed with SIGKILL under load stores, at
 * its next start, every click it answered and none twice, on PostgreSQL and on PGlite; clicks answered while the
 * database was away outlive a restart and a memory smaller than their number.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { openDb, type Db } from '../../services/db/index.ts';
import { sharedDb } from '../helpers/clicks.ts';
import { spawnServe, stop } from '../helpers/serve-process.ts';
import { createPgDatabase, DB_KINDS } from '../helpers/service.ts';

const TEMPLATE = 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352&aff_sub={click_id}';

/** One GET: the Location's click id on a 302, or null when the connection failed (the server died under it). */
function go(url: string, agent: Agent): Promise<number | null | 'other'> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      const location = res.headers.location;
      res.on('end', () => resolve(res.statusCode === 302 && location ? Number(new URL(location).searchParams.get('aff_sub')) : 'other'));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** Loads /go/ from `connections` keep-alive connections until stopped; the ids answered, and requests that got no answer. */
function loadUntilStopped(url: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const answered: number[] = [];
  let unanswered = 0;
  let others = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const r = await go(url, agent);
      if (r === null) {
        unanswered++;
        return;
      }
      if (r === 'other') others++;
      else answered.push(r);
    }
  };
  const done = Promise.all(Array.from({ length: connections }, worker));
  return {
    answered,
    get unanswered() {
      return unanswered;
    },
    get others() {
      return others;
    },
    async stop() {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

let data: string;
beforeAll(() => {
  data = mkdtempSync(join(tmpdir(), 'vpnsite-journal-data-'));
  cpSync('data', data, { recursive: true });
  appendFileSync(join(data, 'providers', 'nordvpn.yaml'), `subid: "${TEMPLATE}"\n`);
});
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe.each(DB_KINDS)('SIGKILL under load on %s', (kind) => {
  let db: Db | undefined;
  afterAll(async () => db?.close());

  // Generous: each of the two starts can take most of a minute on a loaded machine.
  it('stores every answered click at the next start, and none twice', { timeout: 400_000 }, async () => {
    const shared = await sharedDb(kind);
    db = shared.db;
    // PGlite's directory has one owner: the test reads it only once the services are gone.
    if (kind === 'pglite') {
      await db.close();
      db = undefined;
    }
    const journal = mkdtempSync(join(tmpdir(), 'vpnsite-journal-'));
    const env = { ...shared.env, VPNSITE_DATA_DIR: data, CLICK_JOURNAL_DIR: journal, LOG_LEVEL: 'warn' };
    const svc = await spawnServe(env, '/healthz/db');
    const load = loadUntilStopped(`${svc.url}/go/nordvpn?from=/`, 16);
    // A few seconds of load, however slow the machine: kill once a thousand clicks are answered (or after 4 s).
    for (const until = Date.now() + 4000; Date.now() < until && load.answered.length < 1000; ) await new Promise((r) => setTimeout(r, 20));
    svc.child.kill('SIGKILL');
    expect(await svc.exited).toBe(null);
    await load.stop();
    expect(load.others).toBe(0);
    expect(load.answered.length).toBeGreaterThan(20);
    // The journal holds what the killed process had not stored.
    expect(readdirSync(journal).filter((f) => f.endsWith('.ndjson')).length).toBeGreaterThan(0);

    const next = await spawnServe(env, '/healthz/db');
    const { code } = await stop(next);
    expect(code, next.output()).toBe(0);
    // A clean stop with everything stored leaves the journal empty.
    expect(readdirSync(journal).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
    db ??= await openDb(shared.config);
    const { rows } = await db.query<{ id: string; n: number }>('SELECT id::text AS id, count(*) OVER ()::int AS n FROM clicks');
    const stored = new Set(rows.map((r) => Number(r.id)));
    expect(stored.size).toBe(rows.length);
    const lost = load.answered.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // A request cut off by the kill may have been journalled just before its answer was: at most one per connection.
    expect(rows.length - load.answered.length).toBeLessThanOrEqual(load.unanswered);
    expect(rows.length).toBeGreaterThanOrEqual(load.answered.length);
  });
});

describe('clicks answered while PostgreSQL is away', () => {
  it('outlive a restart, wait on disk past CLICK_BATCH_CAP, and are stored once each, by their keys', { timeout: 300_000 }, async () => {
    const databaseUrl = await createPgDatabase(inject('databaseUrl'));
    const journal = mkdtempSync(join(tmpdir(), 'vpnsite-journal-'));
    // Nothing listens on this port: the service starts without a database, so no click has a reserved id.
    const away = `postgres://postgres@127.0.0.1:${await freePort()}/none`;
    const first = await spawnServe({
      DATABASE_URL: away,
      CLICK_JOURNAL_DIR: journal,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const statuses = await Promise.all(
      Array.from(
        { length: 300 },
        (_, i) =>
          new Promise<number>((r) =>
            httpRequest(
              `${first.url}/go/surfshark?placement=away-${i % 3}`,
              { agent },
              (res) => (res.resume(), r(res.statusCode ?? 0)),
            ).end(),
          ),
      ),
    );
    agent.destroy();
    expect(statuses.every((s) => s === 302)).toBe(true);
    expect((await stop(first)).code).toBe(0);
    // At info, a redirect logs nothing (one line at debug); other requests (the start's /healthz polls) log theirs.
    expect(first.output()).toContain('"url":"/healthz"');
    expect(first.output()).not.toContain('/go/surfshark');

    // Back with the database, holding at most 50 clicks in memory: the other 250 are read back from disk in turn.
    const next = await spawnServe(
      { DATABASE_URL: databaseUrl, CLICK_JOURNAL_DIR: journal, LOG_LEVEL: 'info', CLICK_BATCH_CAP: '50' },
      '/healthz/db',
    );
    const db = await openDb({ databaseUrl, pgliteDir: '' });
    try {
      await expect
        .poll(
          async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM clicks WHERE placement LIKE 'away-%'")).rows[0]!.n,
          { timeout: 30_000 },
        )
        .toBe(300);
      expect(next.output()).toContain('the click journal holds clicks an earlier run had not stored');
      expect((await stop(next)).code).toBe(0);
      const { rows } = await db.query<{ n: number; keys: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT click_key)::int AS keys FROM clicks WHERE placement LIKE 'away-%'",
      );
      expect(rows[0]).toEqual({ n: 300, keys: 300 });
    } finally {
      await db.close();
    }
  });
});
