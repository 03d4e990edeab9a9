/**
 * vpnsite db migrate | refresh-rollup | query: database tasks. Each works while `vpnsite serve` runs: on the embedded
 * database it goes through the running service (openDbForCommand), never by opening its directory a second time.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { InvalidArgumentError } from 'commander';
import { dbConfigFromEnv, migrate, openDbForCommand, refreshClickRollup, streamQuery, type Db } from '../../../services/db/index.ts';
import { secondsValue, TIMEOUT_HELP } from '../option-values.ts';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ROWS, queryOutput } from '../query-output.ts';

/** A --max-rows or --max-bytes value: a whole number, 0 for no limit. */
function limitValue(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Use a whole number, or 0 for no limit.');
  return Number(value);
}

/** Opens the database for one task and closes it however the task ends. */
async function withDb<T>(command: string, task: (db: Db) => Promise<T>, statementTimeoutMs?: number): Promise<T> {
  const db = await openDbForCommand(dbConfigFromEnv(), command, { statementTimeoutMs });
  try {
    return await task(db);
  } finally {
    await db.close();
  }
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('database tasks');
  db.command('migrate')
    .description('apply pending migrations (DATABASE_URL, or embedded PGlite in PGLITE_DIR / var/pglite)')
    .action(async () => {
      const config = dbConfigFromEnv();
      const applied = await withDb('db migrate', (conn) =>
        migrate(conn, {
          onWait: (holder, ms) =>
            console.error(`vpnsite db migrate: waiting ${Math.round(ms / 1000)} s for the migration lock, held by ${holder}`),
        }),
      );
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
    .description(
      'run one SQL statement and print its rows as they come: the way to get data out of the embedded database, also while the service runs',
    )
    .argument('<sql>', 'the statement, e.g. "SELECT * FROM contact_messages"')
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
    .option('--timeout <seconds>', TIMEOUT_HELP, secondsValue)
    .option('--max-rows <n>', `print at most this many rows, then stop and exit 1 (0: no limit)`, limitValue, DEFAULT_MAX_ROWS)
    .option('--max-bytes <n>', `print at most this many bytes of rows, then stop and exit 1 (0: no limit)`, limitValue, DEFAULT_MAX_BYTES)
    .action(async (sql: string, flags: { format: 'json' | 'csv'; timeout?: number; maxRows: number; maxBytes: number }) => {
      const output = queryOutput(flags.format, { maxRows: flags.maxRows, maxBytes: flags.maxBytes });
      await withDb('db query', (conn) => streamQuery(conn, sql, (rows) => output.add(rows)), flags.timeout);
      const cut = await output.end();
      if (cut) {
        console.error(`vpnsite db query: stopped at the limit of ${cut}; the rows above are complete, the rest were not read`);
        process.exitCode = 1;
      }
    });
}
