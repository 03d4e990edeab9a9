/**
 * Validation of many files, each mistake reported once at its place: what `vpnsite validate` reports must not depend
 * on the compiled schemas' cache (compiled in memory, compiled into the cache, or read back from it).
 */
import '../helpers/compiled-schemas.ts';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../services/content/index.ts';
import { copyOfData, edit, vpnsite } from '../helpers/cli.ts';

const COPIES = 480;

/** The real content and COPIES copies of one article, with problems of every kind spread across the files. */
function manyFiles(): string {
  const data = copyOfData();
  const article = readFileSync(join(data, 'articles/vpn-speed-test.yaml'), 'utf8');
  for (let i = 0; i < COPIES; i++) {
    writeFileSync(
      join(data, `articles/speed-${String(i).padStart(3, '0')}.yaml`),
      article.replace('slug: vpn-speed-test', `slug: speed-${String(i).padStart(3, '0')}`),
    );
  }
  // Spread over the list of files.
  edit(join(data, 'articles/speed-007.yaml'), 'category: Performance Test', 'category: [Performance Test]');
  edit(join(data, 'articles/speed-123.yaml'), '      - provider: surfshark', '      - provider: surfshrk');
  edit(join(data, 'articles/speed-250.yaml'), 'href: /articles/vpn-vs-proxy }', 'href: /articles/vpn-vs-prox }');
  edit(join(data, 'articles/speed-333.yaml'), 'title: "VPN Speed Test 2025: Which VPN Is Fastest?"', 'title: "VPN Speed Test 2025: TODO"');
  edit(join(data, 'articles/speed-402.yaml'), 'category: Performance Test', 'category: [Performance Test');
  edit(join(data, 'articles/speed-466.yaml'), 'slug: speed-466', 'slug: speed-465');
  // A provider with a schema error, named by every copy: still known to every file that names it.
  edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
  rmSync(join(data, 'articles/speed-300.yaml'));
  symlinkSync('../gone/speed-300.yaml', join(data, 'articles/speed-300.yaml'));
  mkdirSync(join(data, 'stray'));
  cpSync(join(data, 'articles/speed-000.yaml'), join(data, 'stray/speed.yaml'));
  return data;
}

describe('validation of many files', () => {
  // Three whole validations of a thousand files: minutes on a busy machine, so the file's limit is doubled.
  it('reports each mistake once at its place, with or without the compiled schemas', { timeout: 600_000 }, () => {
    const data = manyFiles();
    const cache = mkdtempSync(join(tmpdir(), 'vpnsite-threads-cache-'));
    const inMemory = vpnsite(['validate', '--data', data, '--format', 'json'], { VPNSITE_CACHE: '0' });
    // The first run compiles the schemas into the cache, the second reads them from it.
    const compiled = vpnsite(['validate', '--data', data, '--format', 'json'], { VPNSITE_CACHE_DIR: cache });
    const cached = vpnsite(['validate', '--data', data, '--format', 'json'], { VPNSITE_CACHE_DIR: cache });
    for (const r of [inMemory, compiled, cached]) {
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toBe('');
    }
    expect(compiled.stdout).toBe(inMemory.stdout);
    expect(cached.stdout).toBe(inMemory.stdout);

    const rel = relative(process.cwd(), data);
    const ratingLine = readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8').split('\n').indexOf('rating: 7') + 1;
    const lines = (JSON.parse(cached.stdout) as Parameters<typeof formatProblem>[0][]).map(formatProblem);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${rel}/articles/speed-007.yaml:10:11 error /category must be string (found a list)`,
        `${rel}/articles/speed-123.yaml:44:19 error /blocks/2/rows/1/provider unknown provider 'surfshrk' (did you mean 'surfshark'?)`,
        expect.stringMatching(
          new RegExp(
            `^${rel}/articles/speed-250\\.yaml:167:\\d+ error /blocks/\\d+/links/0/href internal link /articles/vpn-vs-prox does not resolve to a page \\(did you mean '/articles/vpn-vs-proxy'\\?\\)$`,
          ),
        ),
        `${rel}/articles/speed-300.yaml:1:1 error cannot be read: it is a link to ../gone/speed-300.yaml, which does not exist`,
        `${rel}/articles/speed-333.yaml:9:8 error /title placeholder text 'TODO' is still in the content: write the text visitors should read`,
        expect.stringMatching(new RegExp(`^${rel}/articles/speed-402\\.yaml:\\d+:\\d+ error YAML: `)),
        `${rel}/articles/speed-466.yaml:2:7 error /slug slug 'speed-465' must equal the file name 'speed-466'`,
        `${rel}/providers/nordvpn.yaml:${ratingLine}:9 error /rating must be <= 5`,
        `${rel}/stray/speed.yaml:1:1 error no content kind lives at this path (see data/README.md)`,
      ]),
    );
    // Each mistake once: a slug copied from another file is not also a duplicate, and the provider is still known.
    expect(lines.filter((l) => / error /.test(l))).toHaveLength(9);
    expect(cached.stdout).not.toContain("unknown provider 'nordvpn'");
  });
});
