/**
 * The bundles the CLI and the pool's workers run (scripts/build/bundle.mjs): made at install, reused while
 * nothing they were made from changed, made again after any edit in a development install, and behaving as the
 * TypeScript does.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundled } from '../../scripts/build/bundle.mjs';
import { PROJECT_ROOT } from '../../scripts/build/paths.ts';
import { vpnsite, vpnsiteInProcess } from '../helpers/cli.ts';

const dir = join(PROJECT_ROOT, 'node_modules', '.cache', `vpnsite-bundle-test-${process.pid}`);
const entry = relative(PROJECT_ROOT, join(dir, 'entry.ts'));
const name = entry.replace(/\.ts$/, '').replaceAll('/', '-');

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const compiled = join(PROJECT_ROOT, 'node_modules', '.cache', 'vpnsite', 'compiled');
  for (const f of readdirSync(compiled).filter((n) => n.startsWith(name))) rmSync(join(compiled, f), { recursive: true, force: true });
});

/** Imports the bundle's entry afresh and returns what it exports. */
async function run(bundle: string): Promise<{ value: string; here: string; later: () => Promise<string> }> {
  return (await import(`${pathToFileURL(bundle).href}?${Date.now()}`)) as { value: string; here: string; later: () => Promise<string> };
}

describe('compiled bundles', () => {
  it('are made once, reused while their sources are unchanged, and made again after an edit', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'dep.ts'), "export const value: string = 'first';\n");
    writeFileSync(join(dir, 'lazy.ts'), "export const word: string = 'lazy';\n");
    writeFileSync(
      join(dir, 'entry.ts'),
      "export { value } from './dep.ts';\nexport const here: string = import.meta.url;\nexport const later = async (): Promise<string> => (await import('./lazy.ts')).word;\n",
    );
    const made = await bundled(entry);
    expect(made).toBeDefined();
    const first = await run(made!);
    expect(first.value).toBe('first');
    // import.meta.url is the source file's, as under tsx, so paths computed from it do not move into the cache.
    expect(first.here).toBe(pathToFileURL(join(dir, 'entry.ts')).href);
    // A dynamic import is a chunk of its own, loaded when called.
    expect(await first.later()).toBe('lazy');

    expect(await bundled(entry)).toBe(made);

    writeFileSync(join(dir, 'dep.ts'), "export const value: string = 'second, after an edit';\n");
    const remade = await bundled(entry);
    expect(remade).not.toBe(made);
    expect((await run(remade!)).value).toBe('second, after an edit');
  });

  it('keep a replaced bundle for a minute after it was replaced, however old it is, then sweep it', async () => {
    mkdirSync(dir, { recursive: true });
    const edit = async (value: string) => {
      writeFileSync(join(dir, 'dep.ts'), `export const value: string = '${value}';\n`);
      return (await bundled(entry))!;
    };
    const hoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    // A bundle made two hours ago, which a start may have just read from the manifest and be about to load.
    const old = await edit('made two hours ago');
    utimesSync(dirname(old), hoursAgo, hoursAgo);
    const replacement = await edit('the replacement');
    expect(replacement).not.toBe(old);
    expect(existsSync(old)).toBe(true);
    expect((await run(old)).value).toBe('made two hours ago');

    // A minute later, the next bundle made sweeps it, and keeps the one it replaces for a minute more.
    const minuteAgo = new Date(Date.now() - 61 * 1000);
    utimesSync(dirname(old), minuteAgo, minuteAgo);
    const latest = await edit('a minute later');
    expect(existsSync(dirname(old))).toBe(false);
    expect(existsSync(replacement)).toBe(true);
    expect((await run(latest)).value).toBe('a minute later');
  });

  it('run the CLI as its TypeScript does, with every cache off too', async () => {
    const bundledRun = vpnsite(['validate', '--format', 'json'], { VPNSITE_CACHE: '0' });
    const typescriptRun = await vpnsiteInProcess(['validate', '--format', 'json']);
    expect(bundledRun.status).toBe(0);
    expect(bundledRun.stdout).toBe(typescriptRun.stdout);
    expect(JSON.parse(bundledRun.stdout)).not.toEqual([]);
  });
});
