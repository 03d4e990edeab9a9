/** vpnsite clicks: click counts for analysts as a table, CSV or JSON, optionally with a chart (docs/cli.md). */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import { today } from '../../../services/content/index.ts';
import { clickReport, clickRows, dbConfigFromEnv, openDbForCommand } from '../../../services/db/index.ts';
import { secondsValue, TIMEOUT_HELP } from '../option-values.ts';
import {
  chartHtmlFile,
  chartSvgFile,
  seriesOf,
  formatCsv,
  formatJson,
  formatTable,
  parseReportQuery,
  UsageError,
} from '../../../services/shared/reports/index.ts';

interface ClicksFlags {
  by: string[];
  since?: string;
  until?: string;
  includeBots?: boolean;
  includeOverBudget?: boolean;
  format: 'table' | 'csv' | 'json';
  chart?: string;
  timeout?: number;
}

const FORMATTERS = { table: formatTable, csv: formatCsv, json: formatJson };

export function registerClicks(program: Command): void {
  program
    .command('clicks')
    .description('click counts for analysts: human clicks and daily unique visitors (DATABASE_URL, or embedded PGlite)')
    .option(
      '--by <dimension>',
      'group by provider, day, page, placement, destination, variant, country or device; repeat for several',
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option('--since <date>', 'first UTC day, YYYY-MM-DD (default: 29 days before --until)')
    .option('--until <date>', 'last UTC day, YYYY-MM-DD (default: today)')
    .option('--include-bots', 'add a bot_clicks column')
    .option(
      '--include-over-budget',
      "add an over_budget_clicks column: clicks past a visitor's per-minute budget, redirected but not counted",
    )
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'))
    .option(
      '--chart <file>',
      'also write clicks per day as FILE.html (chart and table) or FILE.svg: a line per provider, or per value of the other --by groupings',
    )
    .option('--timeout <seconds>', TIMEOUT_HELP, secondsValue)
    .action(async (flags: ClicksFlags, cmd: Command) => {
      const usage = (message: string): never => cmd.error(`error: ${message}`, { exitCode: 2, code: 'vpnsite.usage' });
      let query;
      try {
        query = parseReportQuery(flags, today());
      } catch (err) {
        if (err instanceof UsageError) usage(err.message);
        throw err;
      }
      const chartKind = flags.chart === undefined ? undefined : extname(flags.chart).toLowerCase();
      if (chartKind !== undefined && chartKind !== '.html' && chartKind !== '.svg')
        usage(`--chart must name a .html or .svg file (found "${flags.chart}")`);
      // Through the running service when it holds the embedded database: never a second opening of its directory.
      const db = await openDbForCommand(dbConfigFromEnv(), 'clicks', { statementTimeoutMs: flags.timeout });
      try {
        const report = await clickReport(db, query!);
        process.stdout.write(FORMATTERS[flags.format](report));
        if (flags.chart) {
          // One line per provider, or per value of the other groupings asked for (--by variant: one per variant).
          const perDay = await clickRows(db, { ...query!, by: ['day', ...seriesOf(report)], includeBots: false, includeOverBudget: false });
          writeFileSync(flags.chart, chartKind === '.svg' ? chartSvgFile(perDay, report) : chartHtmlFile(perDay, report));
          console.error(`wrote ${flags.chart}`);
        }
      } catch (err) {
        // 42P01: undefined table, i.e. a database that was never migrated.
        if ((err as { code?: string }).code === '42P01')
          throw new Error('the database has no click tables yet: run `vpnsite db migrate` (or start `vpnsite serve` once)');
        throw err;
      } finally {
        await db.close();
      }
    });
}
