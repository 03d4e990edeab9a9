/** The CLI reads .env from the working directory; the environment wins; a bad value stops start-up with one clear line. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyPgliteDir } from '../helpers/pglite-template.ts';
import { vpnsiteAsync } from '../helpers/serve-process.ts';

describe('.env', () => {
  it('sets what the environment does not, and never overrides it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'vpnsite-dotenv-'));
    // Copies of a cluster before its migrations, which each command then applies: making a cluster is the slow part.
    const fromDotenv = emptyPgliteDir();
    const fromEnvironment = emptyPgliteDir();
    writeFileSync(join(cwd, '.env'), `# settings\nPGLITE_DIR=${fromDotenv}\nDATABASE_URL=\n`);
    const env = { ...process.env } as Record<string, string>;
    delete env.PGLITE_DIR;
    delete env.DATABASE_URL;
    const fromFile = await vpnsiteAsync(['db', 'migrate'], env, cwd);
    expect(fromFile.stderr).toBe('');
    expect(fromFile.stdout).toMatch(new RegExp(`^applied \\d+ migration\\(s\\) to PGlite in ${fromDotenv}:`));
    const fromEnv = await vpnsiteAsync(['db', 'migrate'], { ...env, PGLITE_DIR: fromEnvironment }, cwd);
    expect(fromEnv.stdout).toMatch(new RegExp(`^applied \\d+ migration\\(s\\) to PGlite in ${fromEnvironment}:`));
  });

  it('stops serve with one clear line for a bad value in .env', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'vpnsite-dotenv-'));
    writeFileSync(join(cwd, '.env'), 'CLICK_BUDGET_PER_MINUTE=lots\n');
    const env = { ...process.env } as Record<string, string>;
    delete env.CLICK_BUDGET_PER_MINUTE;
    const r = await vpnsiteAsync(['serve', '--port', '0'], env, cwd);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('CLICK_BUDGET_PER_MINUTE must be a whole number of at least 0 (found "lots")');
  });
});
