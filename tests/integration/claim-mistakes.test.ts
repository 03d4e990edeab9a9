/**
 * Each mistake in what the content claims is one error at its file:line:col, in validate and in the build's load,
 * in text and in JSON, and the content with it does not load.
 */
import '../helpers/compiled-schemas.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent, type LoadResult, type Problem } from '../../services/content/index.ts';
import { report } from '../../scripts/cli/commands/validate.ts';
import { cliChecks } from '../../scripts/cli/content-checks.ts';
import { copyOfData } from '../helpers/cli.ts';
import { CLAIM_MISTAKES } from '../helpers/claim-mistakes.ts';

const TODAY = '2026-11-21';

/** What `report` prints; it must also say the content fails. */
function printed(result: LoadResult, format: 'text' | 'json'): string {
  let text = '';
  expect(report(result, { format }, { write: (chunk: string) => (text += chunk) })).toBe(false);
  return text;
}

describe.each(CLAIM_MISTAKES)('$name', (mistake) => {
  it('is one error at its place, in text and JSON, validated or loaded', async () => {
    process.env.VPNSITE_TODAY = TODAY;
    process.env.VPNSITE_CACHE_DIR = mkdtempSync(join(tmpdir(), 'vpnsite-claim-cache-'));
    const data = copyOfData();
    mistake.make(data);
    const e = mistake.error;
    const file = `${relative(process.cwd(), data)}/${e.rel}`;
    const error: Problem = { file, line: e.line, column: e.column, pointer: e.pointer, severity: 'error', message: e.message };
    for (const run of [() => validateContent(data, { today: TODAY }), () => loadContent(data, { today: TODAY, ...cliChecks() })]) {
      const result = await run();
      expect(result.errorCount).toBe(1);
      expect(result.content).toBeUndefined();
      const json = (JSON.parse(printed(result, 'json')) as Problem[]).filter((p) => p.severity === 'error');
      expect(json).toEqual([error]);
      expect(printed(result, 'text')).toContain(`${file}:${e.line}:${e.column} error ${e.pointer} ${e.message}`);
    }
  });
});
