/** One way to open the database (STYLE habit 12): DATABASE_URL selects PostgreSQL, otherwise embedded PGlite. */
import { openPg } from './pg.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, Rows } from './types.ts';
export { migrate } from './migrate.ts';

export interface DbConfig {
  /** A postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (default var/pglite). */
  pgliteDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** Opens the configured database (does not migrate: call migrate()). */
export async function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) return openPg(config.databaseUrl, { max: config.poolSize });
  return openPglite(config.pgliteDir);
}

/** Reads DATABASE_URL and PGLITE_DIR (CONTRACT "Database"). */
export function dbConfigFromEnv(env = process.env): DbConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL');
  const poolSize = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) throw new Error(`DATABASE_POOL_SIZE must be a positive whole number (found ${env.DATABASE_POOL_SIZE})`);
  return { databaseUrl, pgliteDir: env.PGLITE_DIR || 'var/pglite', poolSize };
}
export { clickStore } from './click-store.ts';
export { isUp, saveContactMessage, subscribe, type ContactMessage } from './forms.ts';
export { clickReport, clickRows, type ReportSource } from './click-report.ts';
export { refreshClickRollup } from './click-rollup.ts';
