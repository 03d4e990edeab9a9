/** A test run file's text, as `vpnsite tests import` writes it: the schema line, the run, and its checksum. */
import { stringify } from 'yaml';
import { resultsChecksum } from './run-checksum.ts';
import type { TestRun } from './schemas/index.ts';

/** The schema comment editors' YAML language server reads, relative to data/tests/<provider>/. */
export const RUN_SCHEMA_LINE = '# yaml-language-server: $schema=../../../services/content/schemas/json/test-run.schema.json';

/** The run with its checksum worked out from its results (a new run's, or one extended with more results). */
export function sealed(run: Omit<TestRun, 'checksum'> & { checksum?: string }): TestRun {
  const { checksum: _old, correction, ...rest } = run;
  return { ...rest, checksum: resultsChecksum(rest), ...(correction ? { correction } : {}) };
}

/** The YAML text of a sealed run: each test on one line, so a run file reads as a table. */
export function runFileText(run: TestRun): string {
  const text = stringify(run, { lineWidth: 0, flowCollectionPadding: true, collectionStyle: 'any' });
  // Each single test, `{ download, upload, ping, id }`, as one flow mapping.
  const flat = text.replace(
    /^(\s*)- download: (.+)\n\1 {2}upload: (.+)\n\1 {2}ping: (.+)(?:\n\1 {2}id: (.+))?$/gm,
    (_m, indent: string, d: string, u: string, p: string, id?: string) =>
      `${indent}- { download: ${d}, upload: ${u}, ping: ${p}${id ? `, id: ${id}` : ''} }`,
  );
  return `${RUN_SCHEMA_LINE}\n${flat}`;
}
