/** The database behind one small interface (services/db/types.ts): PostgreSQL or embedded PGlite. */
import { readEnv } from '../shared/env-read.ts';
import type { DbConfig } from './open.ts';

export type { Db, Queryable, Rows } from './types.ts';
export { migrate } from './migrate.ts';
export { channelPath, openDb, openDbForCommand, type CommandDbOptions, type DbConfig, type OpenOptions } from './open.ts';
export { ServiceSilent } from './channel-client.ts';
export { DataDirBusy, describeOwner, liveOwner, type Owner } from './data-dir-lock.ts';
export { isUnavailable } from './unavailable.ts';

/** Reads DATABASE_URL, PGLITE_DIR and DATABASE_POOL_SIZE (services/shared/env-schema.ts). */
export function dbConfigFromEnv(env = process.env): DbConfig {
  const e = readEnv(['DATABASE_URL', 'PGLITE_DIR', 'DATABASE_POOL_SIZE'], env);
  return { databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR, poolSize: e.DATABASE_POOL_SIZE };
}
export { clickStore } from './click-store.ts';
export { isUp, saveContactMessage, type ContactMessage } from './forms.ts';
export { inTransaction } from './transaction.ts';
export { CHUNK_ROWS, streamQuery } from './query-stream.ts';
export { cancelOverCap, type Cancelled } from './analyst-cap.ts';
export * from './subscribers.ts';
export * from './outbox.ts';
export { clickReport, clickRows, type ReportSource } from './click-report.ts';
export { refreshClickRollup } from './click-rollup.ts';
export { claimJob } from './job-runs.ts';
export { forgetAddress, getMessage, handleMessages, listMessages, type Erased, type StoredMessage } from './messages.ts';
export { lastLinkCheck, latestLinkChecks, saveLinkChecks, type StoredLinkCheck } from './link-checks.ts';
export {
  lastPriceCheck,
  latestPriceChecks,
  priceCheckRun,
  savePriceCheck,
  type PriceCheckRow,
  type StoredPriceCheck,
} from './price-checks.ts';
export { STATS_DIMENSIONS, statsReport, type StatsDimension, type StatsQuery, type StatsRow } from './stats.ts';
