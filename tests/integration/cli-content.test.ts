import '../helpers/compiled-schemas.ts';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFiles } from '../../services/content/schemas/json-files.ts';
import { copyOfData, edit, treeDigest, vpnsite, vpnsiteInProcess } from '../helpers/cli.ts';

// Run in-process where only the command's logic is at stake; as a real process for its start-up and its cache file.
describe('vpnsite validate', () => {
  it('passes the real content with warnings only, and exits 0', () => {
    const r = vpnsite(['validate']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/✓ \d+ files checked: 0 error\(s\), \d+ warning\(s\)/);
    expect(r.stdout).not.toMatch(/ error /);
  });

  it('prints every problem with file:line:col and exits 1', async () => {
    const data = copyOfData();
    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
    edit(join(data, 'providers/surfshark.yaml'), 'countries: 65', 'countries: lots');
    const r = await vpnsiteInProcess(['validate', '--data', data]);
    expect(r.status).toBe(1);
    const rel = relative(process.cwd(), data);
    expect(r.stdout).toContain(`${rel}/providers/nordvpn.yaml:6:9 error /rating must be <= 5`);
    expect(r.stdout).toContain(`${rel}/providers/surfshark.yaml:16:12 error /countries must be integer (found "lots")`);
    expect(r.stdout).toMatch(/✗ \d+ files checked: [1-9]\d* error\(s\)/);
  });

  it('prints JSON objects with the documented fields under --format json', async () => {
    const data = copyOfData();
    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
    const r = await vpnsiteInProcess(['validate', '--data', data, '--format', 'json']);
    expect(r.status).toBe(1);
    const problems = JSON.parse(r.stdout) as Record<string, unknown>[];
    const error = problems.find((p) => p.severity === 'error' && p.pointer === '/rating');
    expect(error).toEqual({
      file: `${relative(process.cwd(), data)}/providers/nordvpn.yaml`,
      line: 6,
      column: 9,
      pointer: '/rating',
      severity: 'error',
      message: 'must be <= 5',
    });
    expect(problems.every((p) => Object.keys(p).sort().join() === 'column,file,line,message,pointer,severity')).toBe(true);
  });

  it('keeps the compiled schemas in its cache, reads them from there next time, and reports the same problems', () => {
    const cache = mkdtempSync(join(tmpdir(), 'vpnsite-cache-'));
    const data = copyOfData();
    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
    edit(join(data, 'articles/vpn-speed-test.yaml'), 'category: Performance Test', 'category: [Performance Test]');
    const compiled = vpnsite(['validate', '--data', data, '--format', 'json'], { VPNSITE_CACHE_DIR: cache });
    const [file, ...others] = readdirSync(cache).filter((f) => /^validators-[0-9a-f]{16}\.cjs$/.test(f));
    expect(file).toBeDefined();
    expect(others).toEqual([]);
    const cached = vpnsite(['validate', '--data', data, '--format', 'json'], { VPNSITE_CACHE_DIR: cache });
    expect(cached.status).toBe(1);
    expect(cached.stdout).toBe(compiled.stdout);
    expect(JSON.parse(cached.stdout)).toContainEqual(
      expect.objectContaining({ pointer: '/category', message: 'must be string (found a list)' }),
    );

    // The second run really read the file: validators that refuse everything, put in its place, are what it uses.
    writeFileSync(
      join(cache, file!),
      `module.exports = new Proxy({}, { get: () => Object.assign(function v() { v.errors = [{ keyword: 'x', instancePath: '', params: {}, message: 'refused by the cached validator' }]; return false; }) });`,
    );
    expect(vpnsite(['validate', '--data', data], { VPNSITE_CACHE_DIR: cache }).stdout).toContain('error refused by the cached validator');
  });

  it('fails on warnings under --strict', async () => {
    const r = await vpnsiteInProcess(['validate', '--strict']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('(warnings fail under --strict)');
  });

  it('warns about a price checked longer ago than site.yaml allows, and fails on it under --strict', async () => {
    const fresh = await vpnsiteInProcess(['validate'], { VPNSITE_TODAY: '2025-04-15' });
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).not.toContain('price checked');
    const old = await vpnsiteInProcess(['validate', '--verbose'], { VPNSITE_TODAY: '2025-04-16' });
    expect(old.status).toBe(0);
    expect(old.stdout).toMatch(
      /^data\/providers\/nordvpn\.yaml:\d+:\d+ warning \/plans\/2-year\/prices\/0\/date price checked on 2025-01-15, 91 days ago \(more than 90, site\.yaml prices\.maxAgeDays\)/m,
    );
    expect((await vpnsiteInProcess(['validate', '--strict'], { VPNSITE_TODAY: '2025-04-16' })).status).toBe(1);
  });

  it('prints warnings one line per kind, with a count and an example, and every one under --verbose', async () => {
    const env = { VPNSITE_TODAY: '2026-11-21' };
    const grouped = await vpnsiteInProcess(['validate'], env);
    expect(grouped.status).toBe(0);
    const total = Number(/0 error\(s\), (\d+) warning\(s\)/.exec(grouped.stdout)![1]);
    const lines = grouped.stdout.trimEnd().split('\n');
    // No warning stands on a line of its own: each is counted under its kind.
    expect(lines.filter((l) => /^\S+:\d+:\d+ warning /.test(l))).toEqual([]);
    expect(grouped.stdout).toMatch(
      /^\d+ prices older than 90 days, e\.g\. data\/providers\/[a-z-]+\.yaml:\d+:\d+ warning \/plans\/[^ ]+\/prices\/\d+\/date price checked on 2025-01-15, 675 days ago/m,
    );
    expect(grouped.stdout).toMatch(
      /^\d+ providers without an affiliate link, e\.g\. data\/providers\/[a-z-]+\.yaml:\d+:\d+ warning \/affiliate no affiliate link yet/m,
    );
    expect(grouped.stdout).toContain('(warnings grouped by kind: --verbose or --format json lists every one)');
    const counted = lines
      .map((l) => /^(\d+) .*, e\.g\. /.exec(l))
      .filter((m) => m !== null)
      .reduce((sum, m) => sum + Number(m[1]), 0);
    expect(counted).toBe(total);
    expect(lines.length).toBeLessThan(12);

    const verbose = await vpnsiteInProcess(['validate', '--verbose'], env);
    expect(verbose.stdout.split('\n').filter((l) => /^\S+:\d+:\d+ warning /.test(l))).toHaveLength(total);
    expect(verbose.stdout).not.toContain('e.g.');
    const json = JSON.parse((await vpnsiteInProcess(['validate', '--format', 'json'], env)).stdout) as { severity: string }[];
    expect(json.filter((p) => p.severity === 'warning')).toHaveLength(total);
  });

  it('exits 2 on a usage error', async () => {
    expect((await vpnsiteInProcess(['validate', '--format', 'xml'])).status).toBe(2);
    expect((await vpnsiteInProcess(['validate', '--no-such-flag'])).status).toBe(2);
    expect((await vpnsiteInProcess(['frobnicate'])).status).toBe(2);
  });
});

describe('vpnsite build', () => {
  // What a whole build prints and publishes is checked on the first build of tests/integration/incremental-build.test.ts.
  it('leaves dist/ exactly as it was when the content breaks', async () => {
    // A site published before (the service tests' small one): the build must stop at the content without touching a byte of it.
    const out = join(mkdtempSync(join(tmpdir(), 'vpnsite-out-')), 'dist');
    cpSync('tests/fixtures/dist', out, { recursive: true });
    const before = treeDigest(out);

    const data = copyOfData();
    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
    const bad = vpnsite(['build', '--data', data, '--out', out]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('/providers/nordvpn.yaml:6:9 error /rating must be <= 5');
    expect(bad.stdout).toContain('was not touched');
    expect(treeDigest(out)).toBe(before);

    // A file that cannot be read is a problem like any other, found with the rest, with or without the compiled schemas' cache.
    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 7', 'rating: 4.9');
    rmSync(join(data, 'articles/vpn-speed-test.yaml'));
    symlinkSync('../drafts/vpn-speed-test.yaml', join(data, 'articles/vpn-speed-test.yaml'));
    symlinkSync('loop.yaml', join(data, 'articles/loop.yaml'));
    edit(join(data, 'providers/surfshark.yaml'), 'countries: 65', 'countries: lots');
    const cache = { VPNSITE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-cache-')) };
    for (const env of [{ VPNSITE_CACHE: '0' }, cache]) {
      const unreadable = vpnsite(['build', '--data', data, '--out', out], env);
      expect(unreadable.status, unreadable.stderr).toBe(1);
      expect(unreadable.stderr).toBe('');
      expect(unreadable.stdout).toContain(
        '/articles/vpn-speed-test.yaml:1:1 error cannot be read: it is a link to ../drafts/vpn-speed-test.yaml, which does not exist',
      );
      expect(unreadable.stdout).toContain('/articles/loop.yaml:1:1 error cannot be read: it is a link that leads back to itself');
      expect(unreadable.stdout).toContain('/providers/surfshark.yaml:16:12 error /countries must be integer (found "lots")');
      expect(unreadable.stdout).toContain('was not touched');
    }
    expect(treeDigest(out)).toBe(before);
  }, 300_000);
});

describe('editor schemas', () => {
  it('the committed JSON Schema files match the TypeBox schemas (run `npm run schemas` after a change)', () => {
    for (const [name, text] of schemaFiles()) {
      expect(readFileSync(join('services/content/schemas/json', name), 'utf8'), name).toBe(text);
    }
  });
});
