/**
 * vpnsite links check | report: follows every outbound link in the content and says which are broken or lose their
 * tracking on the way; and prints the latest results the service stored from its scheduled checks.
 */
import { Option, type Command } from 'commander';
import { formatProblem, loadContent } from '../../../services/content/index.ts';
import { dbConfigFromEnv, latestLinkChecks, openDbForCommand, saveLinkChecks } from '../../../services/db/index.ts';
import { checkLinks, linksToCheck, type LinkResult } from '../../../services/links/health.ts';
import { failsOver } from '../../../services/links/failover.ts';
import { coverageLine, coverageTotal, linkCoverage } from '../../../services/links/coverage.ts';
import { isPaidTarget, outboundTargets } from '../../../services/content/targets.ts';
import { routeOfFile, scanPage } from '../../build/html-scan.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRecords } from '../../../services/shared/reports/index.ts';
import { readEnv } from '../../../services/shared/env-read.ts';

/**
 * The content under `dir`, or undefined once its errors are printed and the exit code set: a link report made from
 * content that does not validate would describe links the site does not have.
 */
function validContent(dir: string, doing: 'checking' | 'measuring') {
  const loaded = loadContent(dir);
  if (loaded.content) return { ...loaded, content: loaded.content };
  for (const p of loaded.problems.filter((p) => p.severity === 'error')) console.error(formatProblem(p));
  console.error(`error: the content is invalid; fix it (vpnsite validate) before ${doing} its links`);
  process.exitCode = 1;
  return undefined;
}

const usageError = (cmd: Command, message: string): never => cmd.error(`error: ${message}`, { exitCode: 2, code: 'vpnsite.usage' });

/** One line per link for a person: what it is, how it ended, and what is wrong. */
function table(results: (LinkResult & { checkedAt?: string })[]): string {
  const rows = results.map((r) => ({
    provider: r.provider,
    link: r.link,
    result: r.link === 'affiliate' && failsOver(r) ? 'FAILOVER' : !r.ok ? 'BROKEN' : r.problems.length ? 'PROBLEM' : 'ok',
    status: r.status ?? 'error',
    hops: r.hops.length,
    final: r.finalUrl ? new URL(r.finalUrl).host : '',
    problems: r.problems.join('; '),
    ...(r.checkedAt ? { checked: r.checkedAt } : {}),
  }));
  const cols = [
    'provider',
    'link',
    'result',
    'status',
    'hops',
    'final',
    'problems',
    ...(results[0]?.checkedAt ? ['checked'] : []),
  ] as (keyof (typeof rows)[number])[];
  return formatRecords(rows, cols, 'table', 100);
}

export function registerLinks(program: Command): void {
  const links = program.command('links').description("the content's outbound links: are they working, and do they keep their tracking?");
  links
    .command('check')
    .description('follow every outbound link (affiliate links and every links: entry) and report each; exit 1 if any is broken')
    .option('--data <dir>', 'content directory', readEnv(['VPNSITE_DATA_DIR']).VPNSITE_DATA_DIR)
    .option('--provider <slug>', "only this provider's links")
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('--strict', 'exit 1 also when a working link has a problem (another domain, a lost sub-ID)')
    .option('--timeout <seconds>', 'most time for one link, all its redirects included', '10')
    .option('--save', "store the results in the database, as the service's scheduled check does")
    .action(
      async (
        flags: { data: string; provider?: string; format: 'table' | 'json'; strict?: boolean; timeout: string; save?: boolean },
        cmd: Command,
      ) => {
        const timeout = Number(flags.timeout);
        if (!(timeout > 0 && timeout <= 120))
          usageError(cmd, `--timeout must be a number of seconds from 0 to 120 (found "${flags.timeout}")`);
        const loaded = validContent(flags.data, 'checking');
        if (!loaded) return;
        const slugs = loaded.content.providers.map((p) => p.slug);
        if (flags.provider !== undefined && !slugs.includes(flags.provider))
          usageError(cmd, `unknown provider '${flags.provider}' (${slugs.join(', ')})`);
        const list = linksToCheck(loaded.content).filter((l) => flags.provider === undefined || l.provider === flags.provider);
        const results = await checkLinks(list, { timeoutMs: timeout * 1000 });
        if (flags.save) {
          const db = await openDbForCommand(dbConfigFromEnv(), 'links check');
          try {
            await saveLinkChecks(db, results);
          } finally {
            await db.close();
          }
        }
        process.stdout.write(flags.format === 'json' ? `${JSON.stringify(results, null, 2)}\n` : table(results));
        const broken = results.filter((r) => !r.ok).length;
        const flagged = results.filter((r) => r.ok && r.problems.length).length;
        if (flags.format === 'table')
          console.error(`${results.length} links: ${results.length - broken - flagged} ok, ${flagged} with problems, ${broken} broken`);
        if (broken || (flags.strict && flagged)) process.exitCode = 1;
      },
    );
  links
    .command('report')
    .description('the latest stored result of each link (the service checks every LINK_CHECK_INTERVAL_HOURS)')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (flags: { format: 'table' | 'json' }) => {
      const db = await openDbForCommand(dbConfigFromEnv(), 'links report');
      let results;
      try {
        results = await latestLinkChecks(db);
      } finally {
        await db.close();
      }
      // The affiliate links /go/ fails over from: the service reads the same latest results.
      const withFailover = results.map((r) => (r.link === 'affiliate' ? { ...r, failover: failsOver(r) } : r));
      if (flags.format === 'json') process.stdout.write(`${JSON.stringify(withFailover, null, 2)}\n`);
      else
        process.stdout.write(
          results.length
            ? table(results)
            : 'no link checks yet: set LINK_CHECK_INTERVAL_HOURS for the service, or run `vpnsite links check --save`\n',
        );
      const failing = withFailover.filter((r) => 'failover' in r && r.failover).map((r) => r.provider);
      if (flags.format === 'table' && failing.length)
        console.error(
          `failing over: /go/ sends ${failing.join(', ')} to their fallback link (or website) until a check finds the affiliate link working`,
        );
    });
  links
    .command('coverage')
    .description('for each page and placement of the built site, how many outbound buttons reach a paid link')
    .option('--data <dir>', 'content directory', readEnv(['VPNSITE_DATA_DIR']).VPNSITE_DATA_DIR)
    .option('--dist <dir>', 'the built site', readEnv(['DIST_DIR']).DIST_DIR)
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action((flags: { data: string; dist: string; format: 'table' | 'json' }) => {
      const loaded = validContent(flags.data, 'measuring');
      if (!loaded) return;
      if (!existsSync(join(flags.dist, 'index.html'))) {
        console.error(`error: ${flags.dist} holds no built site; run vpnsite build first (or give --dist)`);
        process.exitCode = 1;
        return;
      }
      const files = (readdirSync(flags.dist, { recursive: true }) as string[])
        .filter((f) => f.endsWith('.html'))
        .map((f) => f.split('\\').join('/'));
      const pages = files.map((f): [string, string[]] => [
        routeOfFile(f),
        scanPage(readFileSync(join(flags.dist, f), 'utf8')).anchors.map((a) => a.href),
      ]);
      const targets = outboundTargets(loaded.content);
      const rows = linkCoverage(pages, (slug, link) => isPaidTarget(targets, slug, link));
      const total = coverageTotal(rows);
      if (flags.format === 'json') {
        process.stdout.write(`${JSON.stringify({ rows, total }, null, 2)}\n`);
        return;
      }
      const shown = rows.map((r) => ({
        page: r.page,
        placement: r.placement,
        buttons: r.buttons,
        paid: r.paid,
        unpaid: r.unpaid.join(', '),
      }));
      process.stdout.write(
        formatRecords(
          [...shown, { page: 'TOTAL', placement: '', buttons: total.buttons, paid: total.paid, unpaid: '' }],
          ['page', 'placement', 'buttons', 'paid', 'unpaid'],
          'table',
          80,
        ),
      );
      console.error(coverageLine(total));
    });
}
