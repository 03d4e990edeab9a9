/**
 * One mistake, one error: for each single mistake an editor makes, `vpnsite validate` reports exactly one error, at
 * the mistake's file:line:col, whichever way it ran (the content loaded for a build or checked for validate, with
 * or without the cache of each file's checks) and in both output formats. No other file is reported because of it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, loadContent, validateContent, type LoadResult, type Problem } from '../../services/content/index.ts';
import { report } from '../../scripts/commands/validate.ts';
import { copyOfData, vpnsite } from '../helpers/cli.ts';
import { cliChecks } from '../../scripts/lib/content-checks.ts';
import { MISTAKES, type ExpectedError } from '../helpers/single-mistakes.ts';

const TODAY = '2026-11-21';

/** The expected error as validate prints it for a data copy at `data`. */
function expected(data: string, e: ExpectedError): Problem {
  const printed = relative(process.cwd(), data);
  return { file: `${printed}/${e.rel}`, line: e.line, column: e.column, pointer: e.pointer, severity: 'error', message: e.message.replaceAll('{data}', printed) };
}

/** What `report` prints, as a string. */
function printed(result: LoadResult, format: 'text' | 'json'): string {
  let text = '';
  report(result, { format }, { write: (chunk: string) => (text += chunk) });
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

/** A fresh cache directory that holds every file of `data` as it is now, as after an editor's earlier run. */
async function warmCache(data: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-mistake-cache-'));
  process.env.VPNSITE_CACHE_DIR = dir;
  expect((await validateContent(data, cliChecks(data))).errorCount).toBe(0);
  return dir;
}

describe.each(MISTAKES)('$name', (mistake) => {
  it('is one error at its place: loaded or validated, from the command or not, with and without the cache, in text and JSON', async () => {
    process.env.VPNSITE_TODAY = TODAY;
    const data = copyOfData();
    const forCommand = await warmCache(data);
    const forLibrary = await warmCache(data);
    mistake.make(data);
    const error = expected(data, mistake.error);

    const runs: [string, () => Promise<LoadResult> | LoadResult][] = [
      ['validate, no cache', () => validateContent(data, { today: TODAY })],
      ['validate, the edited file new to the cache', () => validateContent(data, { today: TODAY, ...cliChecks(data) })],
      ['validate, every file from the cache', () => validateContent(data, { today: TODAY, ...cliChecks(data) })],
      ['load, no cache', () => loadContent(data, { today: TODAY })],
      ['load, with the cache', () => loadContent(data, { today: TODAY, ...cliChecks(data) })],
    ];
    for (const [how, run] of runs) {
      const result = await run();
      expect(result.errorCount, how).toBe(1);
      expect(result.content, how).toBeUndefined();
      for (const format of ['text', 'json'] as const) expectOneError(printed(result, format), format, error, mistake.error.folded);
    }
    expect(process.env.VPNSITE_CACHE_DIR).toBe(forLibrary);

    // The command: the edited file new to its cache, then every file from it.
    for (const format of ['text', 'json'] as const) {
      const r = vpnsite(['validate', '--data', data, '--format', format], { VPNSITE_CACHE_DIR: forCommand });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toBe('');
      expectOneError(r.stdout, format, error, mistake.error.folded);
    }
  });
});
