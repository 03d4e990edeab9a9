/** vpnsite validate: every content problem in one run, as `file:line:col severity pointer message` lines or JSON. */
import { Option, type Command } from 'commander';
import { formatProblem, validateContent, type LoadResult } from '../../../services/content/index.ts';
import { cliChecks } from '../content-checks.ts';
import { SUMMARY_NOTE, warningSummary } from '../warning-summary.ts';

export interface ValidateFlags {
  data: string;
  strict?: boolean;
  verbose?: boolean;
  format: 'text' | 'json';
}

/** How many of a problem's folded places the text lists under it. */
const FOLDED_SHOWN = 5;

/** Prints the problems and a summary; returns whether the content passes (warnings fail under --strict). */
export function report(
  result: LoadResult,
  flags: Pick<ValidateFlags, 'strict' | 'format' | 'verbose'>,
  out: { write(text: string): unknown } = process.stdout,
): boolean {
  const ok = result.errorCount === 0 && !(flags.strict && result.warningCount > 0);
  if (flags.format === 'json') {
    out.write(`${JSON.stringify(result.problems, null, 2)}\n`);
    return ok;
  }
  // Errors one line each; warnings too with --verbose, otherwise one line per kind (warning-summary.ts).
  const lines = flags.verbose ? result.problems : result.problems.filter((p) => p.severity === 'error');
  for (const p of lines) {
    out.write(`${formatProblem(p)}\n`);
    // Indented, so that a tool reading `file:line:col severity` lines sees the one problem, and a person sees where.
    for (const f of (p.folded ?? []).slice(0, FOLDED_SHOWN))
      out.write(`    also at ${f.file}:${f.line}:${f.column}${f.pointer ? ` ${f.pointer}` : ''}\n`);
    const unshown = (p.folded?.length ?? 0) - FOLDED_SHOWN;
    if (unshown > 0) out.write(`    and ${unshown} more (--format json lists every one)\n`);
  }
  const warnings = result.problems.filter((p) => p.severity === 'warning');
  if (!flags.verbose && warnings.length) {
    for (const line of warningSummary(warnings.map((p) => ({ message: p.message, line: formatProblem(p) })))) out.write(`${line}\n`);
    out.write(`  (${SUMMARY_NOTE})\n`);
  }
  const files = result.sources.length;
  const counts = `${result.errorCount} error(s), ${result.warningCount} warning(s)`;
  out.write(
    ok
      ? `✓ ${files} files checked: ${counts}\n`
      : `✗ ${files} files checked: ${counts}${flags.strict && result.errorCount === 0 ? ' (warnings fail under --strict)' : ''}\n`,
  );
  return ok;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check every YAML file under the data directory against its schema and the cross-file rules')
    .option('--data <dir>', 'content directory', 'data')
    .option('--strict', 'treat warnings as errors')
    .option('--verbose', 'print every warning on its own line, instead of one line per kind with a count and an example')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags: ValidateFlags) => {
      const ok = report(await validateContent(flags.data, cliChecks()), flags);
      process.exitCode = ok ? 0 : 1;
    });
}
