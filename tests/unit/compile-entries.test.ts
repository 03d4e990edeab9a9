/**
 * Every task module the build's pool runs in a worker is compiled at install: a pass whose entry compile.mjs does
 * not list would run on the calling thread alone in a production install, silently.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../scripts/build/paths.ts';

const compiled = readFileSync(join(PROJECT_ROOT, 'scripts/build/compile.mjs'), 'utf8');
const listed = [...(/const ENTRIES = \[([^\]]*)\]/.exec(compiled)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);

describe('compile.mjs', () => {
  it('lists the CLI and every pass entry the build names', () => {
    const dir = join(PROJECT_ROOT, 'scripts/build');
    const entries = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\bentry: '([^']+)'/g)].map((m) => m[1]));
    expect(entries.length).toBeGreaterThan(0);
    expect(listed).toContain('scripts/cli/program.ts');
    for (const entry of entries) expect(listed).toContain(entry);
  });
});
