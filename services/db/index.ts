/** The database behind one small interface (services/db/types.ts): PostgreSQL or embedded PGlite. */
import type { DbConfig } from './open.ts';

export type { Db, Queryable, Rows } from './types.ts';
export { migrate } from './migrate.ts';
export { channelPath, openDb, openDbForCommand, type CommandDbOptions, type DbConfig, type OpenOptions } from './open.ts';
export { ServiceSilent } from './channel-client.ts';
export { DataDirBusy, describeOwner, liveOwner, type Owner } from './data-dir-lock.ts';
export { isUnavailable } from './unavailable.ts';

/** Reads DATABASE_URL, PGLITE_DIR and DATABASE_POOL_SIZE. */
export function dbConfigFromEnv(env = process.env): DbConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL');
  const poolSize = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0))
    throw new Error(`DATABASE_POOL_SIZE must be a positive whole number (found ${env.DATABASE_POOL_SIZE})`);
  return { databaseUrl, pgliteDir: env.PGLITE_DIR || 'var/pglite', poolSize };
}
export { clickStore } from './click-store.ts';
export { isUp, saveContactMessage, type ContactMessage } from './forms.ts';
export { inTransaction } from './transaction.ts';
export * from './subscribers.ts';
export * from './outbox.ts';
export { clickReport, clickRows, type ReportSource } from './click-report.ts';
export { refreshClickRollup } from './click-rollup.ts';
export { claimJob } from './job-runs.ts';
export { forgetAddress, getMessage, handleMessages, listMessages, type Erased, type StoredMessage } from './messages.ts';
export { lastLinkCheck, latestLinkChecks, saveLinkChecks, type StoredLinkCheck } from './link-checks.ts';
export { STATS_DIMENSIONS, statsReport, type StatsDimension, type StatsQuery, type StatsRow } from './stats.ts';
