/**
 * One mistake, one error: for each single mistake an editor makes, `vpnsite validate` reports exactly one error, at
 * the mistake's file:line:col, whichever way it ran (the content loaded for a build or checked for validate, as the
 * command does or as the library's callers do) and in both output formats. No other file is reported because of it.
 */
import '../helpers/compiled-schemas.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, loadContent, validateContent, type LoadResult, type Problem } from '../../services/content/index.ts';
import { report } from '../../scripts/cli/commands/validate.ts';
import { copyOfData, vpnsite } from '../helpers/cli.ts';
import { cliChecks } from '../../scripts/cli/content-checks.ts';
import { MISTAKES, type ExpectedError } from '../helpers/single-mistakes.ts';

const TODAY = '2026-11-21';

/** The expected error as validate prints it for a data copy at `data`. */
function expected(data: string, e: ExpectedError): Problem {
  const printed = relative(process.cwd(), data);
  return {
    file: `${printed}/${e.rel}`,
    line: e.line,
    column: e.column,
    pointer: e.pointer,
    severity: 'error',
    message: e.message.replaceAll('{data}', printed),
  };
}

/** What `report` prints, as a string; it must also say the content fails, which is the command's exit status 1. */
function printed(result: LoadResult, format: 'text' | 'json'): string {
  let text = '';
  expect(report(result, { format }, { write: (chunk: string) => (text += chunk) })).toBe(false);
  return text;
}

/** Checks one run's output, text or JSON, against the one expected error. */
function expectOneError(output: string, format: 'text' | 'json', error: Problem, folded: number | undefined): void {
  if (format === 'json') {
    const errors = (JSON.parse(output) as Problem[]).filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    const { folded: places, ...first } = errors[0]!;
    expect(first).toEqual(error);
    expect(places?.length).toBe(folded);
    return;
  }
  // Only the problem lines: the places folded under an error are indented below it.
  expect(output.split('\n').filter((l) => / error /.test(l) && !l.startsWith(' '))).toEqual([formatProblem(error)]);
  expect(output).toMatch(/✗ \d+ files checked: 1 error\(s\), \d+ warning\(s\)\n$/);
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** A data copy with the one mistake, and the compiled schemas' cache of this test alone. */
function withMistake(mistake: (typeof MISTAKES)[number]): { data: string; cache: string; error: Problem } {
  process.env.VPNSITE_TODAY = TODAY;
  const cache = mkdtempSync(join(tmpdir(), 'vpnsite-mistake-cache-'));
  process.env.VPNSITE_CACHE_DIR = cache;
  const data = copyOfData();
  mistake.make(data);
  return { data, cache, error: expected(data, mistake.error) };
}

describe.each(MISTAKES)('$name', (mistake) => {
  it('is one error at its place: loaded or validated, as the command does or not, in text and JSON', async () => {
    const { data, error } = withMistake(mistake);

    const runs: [string, () => Promise<LoadResult> | LoadResult][] = [
      ['validate', () => validateContent(data, { today: TODAY })],
      ['validate, as the command does', () => validateContent(data, { today: TODAY, ...cliChecks() })],
      ['load', () => loadContent(data, { today: TODAY })],
      ['load, as the build does', () => loadContent(data, { today: TODAY, ...cliChecks() })],
    ];
    for (const [how, run] of runs) {
      const result = await run();
      expect(result.errorCount, how).toBe(1);
      expect(result.content, how).toBeUndefined();
      for (const format of ['text', 'json'] as const) expectOneError(printed(result, format), format, error, mistake.error.folded);
    }
  });
});

// The command runs what the tests above run in-process; one mistake shows that it prints the same as a real process.
describe('vpnsite validate as a real process', () => {
  it('prints the one error, in text and JSON, and exits 1', () => {
    const mistake = MISTAKES[0]!;
    const { data, cache, error } = withMistake(mistake);
    for (const format of ['text', 'json'] as const) {
      const r = vpnsite(['validate', '--data', data, '--format', format], { VPNSITE_CACHE_DIR: cache });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toBe('');
      expectOneError(r.stdout, format, error, mistake.error.folded);
    }
  });
});
