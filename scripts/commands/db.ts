/** vpnsite db migrate: applies pending SQL migrations to the configured database (CONTRACT "Commands"). */
import type { Command } from 'commander';
import { dbConfigFromEnv, migrate, openDb } from '../../services/db/index.ts';

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
}
