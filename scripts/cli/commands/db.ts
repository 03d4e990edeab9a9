/**
 * vpnsite db migrate | refresh-rollup | query: database tasks. Each works while `vpnsite serve` runs: on the embedded
 * database it goes through the running service (openDbForCommand), never by opening its directory a second time.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { dbConfigFromEnv, migrate, openDbForCommand, refreshClickRollup, type Db } from '../../../services/db/index.ts';
import { csvField } from '../../../services/shared/reports/format.ts';
import { secondsValue, TIMEOUT_HELP } from '../option-values.ts';

/** Opens the database for one task and closes it however the task ends. */
async function withDb<T>(command: string, task: (db: Db) => Promise<T>, statementTimeoutMs?: number): Promise<T> {
  const db = await openDbForCommand(dbConfigFromEnv(), command, { statementTimeoutMs });
  try {
    return await task(db);
  } finally {
    await db.close();
  }
}

/** Rows as RFC 4180 CSV with a header row; dates as ISO 8601, objects as JSON. */
function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) =>
    csvField(
      v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v),
    );
  return [cols.map(cell), ...rows.map((r) => cols.map((c) => cell(r[c])))].map((line) => `${line.join(',')}\r\n`).join('');
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('database tasks');
  db.command('migrate')
    .description('apply pending migrations (DATABASE_URL, or embedded PGlite in PGLITE_DIR / var/pglite)')
    .action(async () => {
      const config = dbConfigFromEnv();
      const applied = await withDb('db migrate', migrate);
      const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`;
      console.log(applied.length ? `applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}` : `${where} is up to date`);
    });
  db.command('refresh-rollup')
    .description('recompute the click rollup for every stale day (vpnsite serve does this every CLICK_ROLLUP_REFRESH_SECONDS)')
    .action(async () => {
      const days = await withDb('db refresh-rollup', refreshClickRollup);
      console.log(
        days.length ? `refreshed ${days.length} day(s): ${days[0]} to ${days[days.length - 1]}` : 'the click rollup is up to date',
      );
    });
  db.command('query')
    .description('run one SQL statement and print its rows: the way to get data out of the embedded database, also while the service runs')
    .argument('<sql>', 'the statement, e.g. "SELECT * FROM contact_messages"')
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
    .option('--timeout <seconds>', TIMEOUT_HELP, secondsValue)
    .action(async (sql: string, flags: { format: 'json' | 'csv'; timeout?: number }) => {
      const { rows } = await withDb('db query', (conn) => conn.query(sql), flags.timeout);
      process.stdout.write(flags.format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`);
    });
}
