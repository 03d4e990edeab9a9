/** vpnsite stats: what the site earns. Views, clicks, CTR, conversions, revenue per currency, EPC (docs/cli.md). */
import { Option, type Command } from 'commander';
import { today } from '../../../services/content/index.ts';
import { dbConfigFromEnv, openDbForCommand, statsReport, STATS_DIMENSIONS } from '../../../services/db/index.ts';
import { secondsValue, TIMEOUT_HELP } from '../option-values.ts';
import { formatStatsCsv, formatStatsTable, parseStatsQuery, statsObjects, UsageError } from '../../../services/shared/reports/index.ts';

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('views, clicks, CTR, conversions, revenue per currency and EPC (DATABASE_URL, or embedded PGlite)')
    .option('--since <date>', 'first UTC day, YYYY-MM-DD (default: 29 days before --until)')
    .option('--until <date>', 'last UTC day, YYYY-MM-DD (default: today)')
    .option(
      '--by <dimension>',
      `group by ${STATS_DIMENSIONS.join(', ')}; repeat for several`,
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'))
    .option('--timeout <seconds>', TIMEOUT_HELP, secondsValue)
    .action(
      async (flags: { since?: string; until?: string; by: string[]; format: 'table' | 'csv' | 'json'; timeout?: number }, cmd: Command) => {
        let query;
        try {
          query = parseStatsQuery(flags, today());
        } catch (err) {
          if (err instanceof UsageError) cmd.error(`error: ${err.message}`, { exitCode: 2, code: 'vpnsite.usage' });
          throw err;
        }
        const db = await openDbForCommand(dbConfigFromEnv(), 'stats', { statementTimeoutMs: flags.timeout });
        try {
          const report = { query: query!, ...(await statsReport(db, query!)) };
          process.stdout.write(
            flags.format === 'json'
              ? `${JSON.stringify(statsObjects(report), null, 2)}\n`
              : flags.format === 'csv'
                ? formatStatsCsv(report)
                : formatStatsTable(report),
          );
        } finally {
          await db.close();
        }
      },
    );
}
