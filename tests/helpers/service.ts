/**
 * The service on a real port against a fresh database of either kind: a new database on the run's
 * PostgreSQL server (`inject('databaseUrl')`), or an in-memory PGlite. Clicks are queried through the same Db.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { openDb, type Db, type DbConfig } from '../../services/db/index.ts';
import { loadConfig } from '../../services/http/config.ts';
import { createServer } from '../../services/http/server.ts';
import { freshPgliteDir } from './pglite-template.ts';

export type DbKind = 'pg' | 'pglite';
/**
 * The databases the service's tests run on: PostgreSQL. PGlite answers through the same store interface, which
 * tests/integration/click-store.test.ts and click-rollup.test.ts run on both (STORE_KINDS); its lock and its socket
 * have tests of their own (embedded-owner.test.ts, owner-commands.test.ts).
 */
export const DB_KINDS: DbKind[] = ['pg'];
/** Both databases, for the contract the store keeps on each. */
export const STORE_KINDS: DbKind[] = ['pg', 'pglite'];
export const FIXTURE_DIST = 'tests/fixtures/dist';
/**
 * For count(): every address signed up, whether the service has worked its sign-up yet or not (a sign-up moves from
 * newsletter_signups to newsletter_subscribers in one transaction, in the background).
 */
export const SIGNED_UP = '(SELECT email FROM newsletter_signups UNION ALL SELECT email FROM newsletter_subscribers) AS signed_up';

/** A new, empty database on a PostgreSQL server; returns its URL. */
export async function createPgDatabase(serverUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Database settings for a fresh database of the given kind. */
export async function freshDbConfig(kind: DbKind): Promise<DbConfig> {
  if (kind === 'pg') return { databaseUrl: await createPgDatabase(inject('databaseUrl')), pgliteDir: '' };
  return { pgliteDir: freshPgliteDir() };
}

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Count of rows matching an optional WHERE clause. */
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  /**
   * Waits until `count()` reaches n (the batch is written every 50 ms), then returns the count, read once more a
   * moment later so that a count that overshoots is caught too; throws, saying what it waited for, if it does not.
   */
  waitForCount(table: string, n: number, where?: string, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

/** Resolves once GET /healthz/db answers 200 (the database reached and migrated). */
export async function waitForDb(url: string, attempts = 2400): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (
      (await fetch(`${url}/healthz/db`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url}: the database was not ready after ${attempts * 50} ms`);
}

/** Starts the service (listening on a free port) with env overrides, e.g. `{ TRUST_PROXY: 'true' }`; DIST_DIR replaces the fixture site. */
export async function startService(kind: DbKind, env: Record<string, string> = {}, dbConfig?: DbConfig): Promise<RunningService> {
  const dbc = dbConfig ?? (await freshDbConfig(kind));
  const config = loadConfig(
    { distDir: env.DIST_DIR ?? FIXTURE_DIST, port: 0, host: '127.0.0.1' },
    {
      LOG_LEVEL: 'silent',
      CLICK_BUDGET_PER_MINUTE: '0',
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-mail-')),
      CLICK_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-journal-')),
      ...env,
    },
  );
  config.db = dbc;
  const db = await openDb(dbc);
  const app = await createServer(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The service reaches and migrates its database in the background: the tests start once it has.
  await waitForDb(url);
  const count = async (table: string, where = 'true', params: unknown[] = []) => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
    return rows[0]!.n;
  };
  return {
    app,
    db,
    url,
    count,
    async waitForCount(table, n, where, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let seen = await count(table, where);
      while (seen < n) {
        if (Date.now() > deadline)
          throw new Error(`waited ${timeoutMs} ms for ${n} rows of ${table}${where ? ` where ${where}` : ''}; there are ${seen}`);
        await new Promise((r) => setTimeout(r, 50));
        seen = await count(table, where);
      }
      // A little longer, so a count that overshoots is caught too.
      await new Promise((r) => setTimeout(r, 150));
      return count(table, where);
    },
    close: () => app.close(),
  };
}

/**
 * A PostgreSQL server of the file's own, for tests that stop and start it (the run's shared server must stay up), with
 * one fresh database on it: started before the file's tests, removed after them.
 */
export function useOwnPostgres(): { server: () => TestPostgres; databaseUrl: () => string } {
  let server: TestPostgres | undefined;
  let databaseUrl = '';
  beforeAll(async () => {
    server = await startTestPostgres();
    databaseUrl = await createPgDatabase(server.url);
  });
  afterAll(() => server?.destroy());
  return { server: () => server!, databaseUrl: () => databaseUrl };
}
