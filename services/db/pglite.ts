/** Embedded PostgreSQL (PGlite, WebAssembly) persisted in a directory: the zero-configuration default. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.ts';

/** Opens (creating if needed) the database in dir; `memory://` keeps it in memory. */
export async function openPglite(dir: string): Promise<Db> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const conn: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pglite.query<T>(sql, params)).rows }),
    script: async (sql: string) => {
      const results = await pglite.exec(sql);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    // PGlite has no COPY sub-protocol: it reads COPY's input from a Blob named /dev/blob.
    copyFrom: async (sql: string, text: string) => void (await pglite.query(sql.replace(/\bFROM STDIN\b/i, "FROM '/dev/blob'"), [], { blob: new Blob([text]) })),
  };
  // PGlite is a single connection, so a "session" is the database itself.
  return { kind: 'pglite', ...conn, withConnection: (fn) => fn(conn), close: () => pglite.close() };
}
