/**
 * The analyst cannot hold the service back: it may not take advisory locks (the migrations' among them), its
 * statements stop at the role's cap even after `SET statement_timeout = 0`, and a migration that waits for its lock
 * says who holds it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate, openDb, type Db } from '../../services/db/index.ts';
import { ANALYST_CHECK_MS } from '../../services/http/analyst-watch.ts';
import { LOCK_REPORT_MS } from '../../services/db/migrate.ts';
import { createPgDatabase, startService, type RunningService } from '../helpers/service.ts';

// The password another test gives the role too: the role belongs to the whole server.
const PASSWORD = 'analyst-test-password';
const CAP_SECONDS = 2;

describe('the analyst role', () => {
  let url: string;
  let svc: RunningService;
  let analyst: pg.Client;
  beforeAll(async () => {
    url = await createPgDatabase(inject('databaseUrl'));
    svc = await startService('pg', {}, { databaseUrl: url, pgliteDir: '' });
    // The cap for this database alone, so other tests' databases keep the role's own.
    await svc.db.query(`ALTER ROLE analyst WITH LOGIN PASSWORD '${PASSWORD}'`);
    await svc.db.query(`ALTER ROLE analyst IN DATABASE ${new URL(url).pathname.slice(1)} SET statement_timeout = '${CAP_SECONDS}s'`);
    const as = new URL(url);
    as.username = 'analyst';
    as.password = PASSWORD;
    analyst = new pg.Client({ connectionString: as.href });
    await analyst.connect();
  });
  afterAll(async () => {
    await analyst?.end();
    await svc?.close();
  });

  it('may take no advisory lock, the migrations’ least of all', async () => {
    for (const sql of [
      'SELECT pg_advisory_lock(7263401)',
      'SELECT pg_try_advisory_lock(7263401)',
      'SELECT pg_advisory_lock_shared(7263401)',
      'SELECT pg_advisory_xact_lock(1, 2)',
      'SELECT pg_try_advisory_xact_lock_shared(7263401)',
    ])
      await expect(analyst.query(sql), sql).rejects.toThrow(/permission denied for function/);
    // The service's own role still migrates under the lock.
    expect(await migrate(svc.db)).toEqual([]);
  });

  it('runs no statement past its cap, even after SET statement_timeout = 0', async () => {
    await analyst.query('SET statement_timeout = 0');
    const started = Date.now();
    await expect(analyst.query('SELECT pg_sleep(60)')).rejects.toThrow(/canceling statement due to user request/);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(CAP_SECONDS * 1000);
    // The cap and at most one check's interval, with room for a loaded machine.
    expect(ms).toBeLessThan(CAP_SECONDS * 1000 + ANALYST_CHECK_MS + 10_000);
    // Its session carries on.
    expect((await analyst.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  }, 60_000);

  it('a migration waiting for its lock says who holds it, every few seconds', async () => {
    // A session of the service's own role holds the lock, as another instance migrating would.
    const holder = new pg.Client({ connectionString: url, application_name: 'lock-holder-under-test' });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(7263401)');
    const waiting: { holder: string; ms: number }[] = [];
    let db: Db | undefined;
    try {
      db = await openDb({ databaseUrl: url, pgliteDir: '' });
      const migrated = migrate(db, { onWait: (h, ms) => waiting.push({ holder: h, ms }) });
      await expect.poll(() => waiting.length, { timeout: 4 * LOCK_REPORT_MS + 20_000 }).toBeGreaterThanOrEqual(2);
      await holder.query('SELECT pg_advisory_unlock(7263401)');
      expect(await migrated).toEqual([]);
    } finally {
      await holder.end();
      await db?.close();
    }
    expect(waiting[0]!.holder).toMatch(/^process \d+, role \w+, program "lock-holder-under-test"/);
    expect(waiting[0]!.ms).toBeGreaterThanOrEqual(LOCK_REPORT_MS);
    expect(waiting[1]!.ms - waiting[0]!.ms).toBeGreaterThanOrEqual(LOCK_REPORT_MS);
  }, 120_000);
});
