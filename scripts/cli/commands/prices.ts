/**
 * vpnsite prices check | report: reads each plan's price on its provider's pricing page and compares it with the
 * plan's latest observation (with --write, appends what it read as today's observation); and prints the latest results
 * the service stored from its scheduled checks (docs/prices.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import writeFileAtomic from 'write-file-atomic';
import { formatProblem, loadContent, today, type Observation, type Provider } from '../../../services/content/index.ts';
import { dbConfigFromEnv, latestPriceChecks, openDbForCommand } from '../../../services/db/index.ts';
import { checkPrices, sameAsLatest, type PriceRow } from '../../../services/prices/check.ts';
import { appendObservations } from '../../../services/prices/write.ts';
import { formatRecords } from '../../../services/shared/reports/index.ts';
import { readEnv } from '../../../services/shared/env-read.ts';

const usageError = (cmd: Command, message: string): never => cmd.error(`error: ${message}`, { exitCode: 2, code: 'vpnsite.usage' });

const money = (n: number | null) => (n === null ? '' : n.toFixed(2));

/** One line per plan and field for a person: what the content says, what the page says, and what is wrong. */
function table(rows: (PriceRow & { checkedAt?: string })[]): string {
  const shown = rows.map((r) => ({
    provider: r.provider,
    plan: r.plan,
    field: r.field,
    previous: money(r.previous),
    found: money(r.found),
    result: r.error !== null ? 'ERROR' : r.changed ? 'CHANGED' : 'same',
    error: r.error ?? '',
    ...(r.checkedAt ? { checked: r.checkedAt } : {}),
  }));
  const cols = ['provider', 'plan', 'field', 'previous', 'found', 'result', 'error', ...(rows[0]?.checkedAt ? ['checked'] : [])];
  return formatRecords(shown, cols as (keyof (typeof shown)[number])[], 'table', 100);
}

/** Appends each provider's new observations to its file; the paths written. Plans already observed so today are left alone. */
function write(
  dataDir: string,
  providers: readonly Provider[],
  found: Map<string, Record<string, Observation>>,
  rel: (slug: string) => string,
): string[] {
  const written: string[] = [];
  for (const [slug, plans] of found) {
    const p = providers.find((x) => x.slug === slug)!;
    const fresh = Object.fromEntries(Object.entries(plans).filter(([id, o]) => !sameAsLatest(p.plans[id]!, o)));
    if (!Object.keys(fresh).length) continue;
    const path = join(dataDir, rel(slug));
    writeFileAtomic.sync(path, appendObservations(readFileSync(path, 'utf8'), fresh));
    written.push(path);
  }
  return written;
}

export function registerPrices(program: Command): void {
  const prices = program.command('prices').description("the plans' prices: read them on the providers' pricing pages, and record them");
  prices
    .command('check')
    .description(
      "read each plan's price on its provider's pricing page (pricing: in the provider file) and compare it with the latest observation; exit 1 if any could not be read",
    )
    .option('--data <dir>', 'content directory', readEnv(['VPNSITE_DATA_DIR']).VPNSITE_DATA_DIR)
    .option('--provider <slug>', 'only this provider')
    .option('--write', "append what was read as today's observation (VPNSITE_TODAY when set) to each plan read in full")
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (flags: { data: string; provider?: string; write?: boolean; format: 'table' | 'json' }, cmd: Command) => {
      const loaded = loadContent(flags.data);
      if (!loaded.content) {
        for (const p of loaded.problems.filter((p) => p.severity === 'error')) console.error(formatProblem(p));
        console.error('error: the content is invalid; fix it (vpnsite validate) before checking its prices');
        process.exitCode = 1;
        return;
      }
      const all = loaded.content.providers;
      if (flags.provider !== undefined && !all.some((p) => p.slug === flags.provider))
        usageError(cmd, `unknown provider '${flags.provider}' (${all.map((p) => p.slug).join(', ')})`);
      const providers = all.filter((p) => flags.provider === undefined || p.slug === flags.provider);
      const { PRICE_CHECK_TIMEOUT_MS: timeoutMs } = readEnv(['PRICE_CHECK_TIMEOUT_MS']);
      const day = today();
      const result = await checkPrices(providers, day, { timeoutMs });
      process.stdout.write(
        flags.format === 'json' ? `${JSON.stringify(result.rows, null, 2)}\n` : result.rows.length ? table(result.rows) : '',
      );
      const failed = result.rows.filter((r) => r.error !== null).length;
      const changed = result.rows.filter((r) => r.error === null && r.changed).length;
      const sources = new Map(loaded.sources.filter((s) => s.kind === 'provider').map((s) => [(s.data as { slug: string }).slug, s.rel]));
      const written = flags.write ? write(flags.data, providers, result.observations, (slug) => sources.get(slug)!) : [];
      if (flags.format === 'table') {
        console.error(`${result.rows.length} prices read: ${changed} changed, ${failed} could not be read`);
        if (result.unchecked.length)
          console.error(`not checked (no selectors in pricing.plans, docs/prices.md): ${result.unchecked.join(', ')}`);
        for (const path of written) console.error(`wrote ${path} (observations dated ${day}); rebuild to publish them`);
      }
      if (failed) process.exitCode = 1;
    });
  prices
    .command('report')
    .description('the latest stored result of each plan and field (the service checks every PRICE_CHECK_INTERVAL_HOURS)')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (flags: { format: 'table' | 'json' }) => {
      const db = await openDbForCommand(dbConfigFromEnv(), 'prices report');
      let rows;
      try {
        rows = await latestPriceChecks(db);
      } finally {
        await db.close();
      }
      if (flags.format === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else
        process.stdout.write(
          rows.length
            ? table(rows as (PriceRow & { checkedAt: string })[])
            : 'no price checks yet: set PRICE_CHECK_INTERVAL_HOURS for the service\n',
        );
    });
}
