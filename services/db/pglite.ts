/** Embedded PostgreSQL (PGlite, WebAssembly) persisted in a directory: the zero-configuration default. */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.ts';

/** A PGlite database, which can also run work as one transaction that nothing else in the process interleaves with. */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>;
}

// PGlite has no COPY sub-protocol: it reads COPY's input from a Blob named /dev/blob.
const fromBlob = (sql: string) => sql.replace(/\bFROM STDIN\b/i, "FROM '/dev/blob'");

function wrap(target: PGlite | Transaction): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await target.query<T>(sql, params)).rows }),
    script: async (sql: string) => {
      const results = await target.exec(sql);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    copyFrom: async (sql: string, text: string) => void (await target.query(fromBlob(sql), [], { blob: new Blob([text]) })),
  };
}

/** Opens (creating if needed) the database in dir; `memory://` keeps it in memory. Takes no lock: see open.ts. */
export async function openPglite(dir: string): Promise<PgliteDb> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const conn = wrap(pglite);
  return {
    kind: 'pglite',
    ...conn,
    // PGlite is a single connection, so a "session" is the database itself.
    withConnection: (fn) => fn(conn),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}
