/** vpnsite schedule: what will publish or expire, and when (the moments `vpnsite serve` with SCHEDULED_BUILDS=1 rebuilds at). */
import { Option, type Command } from 'commander';
import { publishingNow, validateContent, type ScheduledChange } from '../../../services/content/index.ts';
import { cliChecks } from '../content-checks.ts';

/** One line a change: when (UTC), publish or expire, the page, and the file that says so. */
export function scheduleTable(changes: ScheduledChange[]): string {
  if (!changes.length) return 'nothing scheduled: no draft-free page or deal has a publishAt or expiresAt still to come\n';
  const width = Math.max(...changes.map((c) => c.what.length));
  return changes.map((c) => `${c.at}  ${c.action.padEnd(7)}  ${c.what.padEnd(width)}  ${c.file}\n`).join('');
}

export function registerSchedule(program: Command): void {
  program
    .command('schedule')
    .description('list what will publish or expire, and when (UTC)')
    .option('--data <dir>', 'content directory', 'data')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags: { data: string; format: 'text' | 'json' }) => {
      const result = await validateContent(flags.data, { ...cliChecks(), now: publishingNow() });
      process.stdout.write(flags.format === 'json' ? `${JSON.stringify(result.schedule, null, 2)}\n` : scheduleTable(result.schedule));
      // The schedule is read from every file that has one; errors elsewhere would stop the next build all the same.
      if (result.errorCount)
        console.error(`✗ the content has ${result.errorCount} error(s): vpnsite validate lists them; a build would stop`);
      process.exitCode = result.errorCount ? 1 : 0;
    });
}
