/** vpnsite db migrate | refresh-rollup: applies pending SQL migrations, or brings the click rollup up to date (CONTRACT "Commands"). */
import type { Command } from 'commander';
import { dbConfigFromEnv, migrate, openDb, refreshClickRollup } from '../../services/db/index.ts';

export function registerDb(program: Command): void {
  const db = program.command('db').description('database tasks');
  db.command('migrate')
    .description('apply pending migrations (DATABASE_URL, or embedded PGlite in PGLITE_DIR / var/pglite)')
    .action(async () => {
      const config = dbConfigFromEnv();
      const conn = await openDb(config);
      try {
        const applied = await migrate(conn);
        const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`;
        console.log(applied.length ? `applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}` : `${where} is up to date`);
      } finally {
        await conn.close();
      }
    });
  db.command('refresh-rollup')
    .description('recompute the click rollup for every stale day (vpnsite serve does this every CLICK_ROLLUP_REFRESH_SECONDS)')
    .action(async () => {
      const conn = await openDb(dbConfigFromEnv());
      try {
        const days = await refreshClickRollup(conn);
        console.log(days.length ? `refreshed ${days.length} day(s): ${days[0]} to ${days[days.length - 1]}` : 'the click rollup is up to date');
      } finally {
        await conn.close();
      }
    });
}
