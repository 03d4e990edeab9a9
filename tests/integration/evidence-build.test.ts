/**
 * A run added for one provider, built: its review's speed table, "Tested on" line, change log, Updated date, JSON-LD
 * and sitemap date change, so do its head-to-head pages and /compare, and not one other provider's pages. The other
 * reviews, tested long ago, say plainly that they are due for a new test.
 */
import '../helpers/compiled-schemas.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlFiles, pageText } from '../../scripts/lib/built-text.ts';
import { copyOfData, vpnsite, vpnsiteInProcess as inProcess } from '../helpers/cli.ts';

const TODAY = '2026-11-29';
const env = { VPNSITE_TODAY: TODAY };

const page = (dir: string, path: string) => parseHTML(readFileSync(join(dir, path, 'index.html'), 'utf8')).document;
/** An element's text with its children's texts apart, as a reader sees them. */
const words = (el: Node): string =>
  [...el.childNodes]
    .map((n) => (n.nodeType === 3 ? (n.textContent ?? '') : words(n)))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
const text = (doc: Document, testId: string) => {
  const el = doc.querySelector(`[data-testid="${testId}"]`);
  return el ? words(el) : undefined;
};
const reviewLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')]
    .map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>)
    .find((j) => j['@type'] === 'Review')!;
const rows = (doc: Document) =>
  [...doc.querySelectorAll('section[aria-labelledby="speed"] tbody tr')].map((tr) =>
    [...tr.children].map((cell) => cell.textContent?.trim()).join(' '),
  );
const lastmod = (dir: string, path: string) =>
  new RegExp(`<loc>[^<]*${path}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(readFileSync(join(dir, 'sitemap.xml'), 'utf8'))?.[1];

describe('a run added for one provider', () => {
  it('changes that provider’s pages and no other provider’s', async () => {
    const data = copyOfData();
    const root = mkdtempSync(join(tmpdir(), 'vpnsite-evidence-'));
    const [before, after] = [join(root, 'before'), join(root, 'after')];
    const first = vpnsite(['build', '--data', data, '--out', before], env);
    expect(first.status, first.stderr).toBe(0);
    const imported = await inProcess(
      ['tests', 'import', 'nordvpn', 'tests/fixtures/ookla/session.jsonl', '--protocol', 'NordLynx', '--data', data],
      env,
    );
    expect(imported.status, imported.stderr).toBe(0);
    const second = vpnsite(['build', '--data', data, '--out', after], env);
    expect(second.status, second.stderr).toBe(0);

    const changed = htmlFiles(before).filter(
      (f) => pageText(readFileSync(join(before, f), 'utf8')) !== pageText(readFileSync(join(after, f), 'utf8')),
    );
    // Every review and head-to-head page of another provider reads exactly as before.
    const others = htmlFiles(before).filter((f) => /^(vpn-reviews|compare)\/[^/]+\/index\.html$/.test(f) && !f.includes('nordvpn'));
    expect(others.length).toBeGreaterThan(10);
    expect(changed.filter((f) => others.includes(f))).toEqual([]);
    // Its review and head-to-head pages; the rest quote its figures or the method's ({{method.locations}}).
    expect(changed.filter((f) => !/^(vpn-reviews|compare)\//.test(f))).toEqual([
      'articles/best-vpn-2025/index.html',
      'articles/how-to-choose-reliable-vpn/index.html',
      'articles/vpn-speed-test/index.html',
      'articles/vpn-vs-proxy/index.html',
      'how-we-test/index.html',
      'vpn-gaming/index.html',
      'vpn-streaming/index.html',
    ]);
    expect(changed.filter((f) => /^(vpn-reviews|compare)\//.test(f))).toEqual([
      ...['cyberghost', 'ipvanish', 'private-internet-access', 'protonvpn', 'surfshark', 'tunnelbear'].map(
        (o) => `compare/nordvpn-vs-${o}/index.html`,
      ),
      'vpn-reviews/nordvpn/index.html',
    ]);

    const [was, now] = [page(before, 'vpn-reviews/nordvpn'), page(after, 'vpn-reviews/nordvpn')];
    expect(rows(was)).toEqual(['London, UK 94 89 8', 'New York, US 88 81 76', 'Frankfurt, Germany 91 86 19', 'Tokyo, Japan 72 64 231']);
    // Each location's median of its runs: London's two tests 94.5 and 92.
    expect(rows(now)).toEqual(['London, UK 93.3 88.5 8.6', 'New York, US 88.5 82 75.5']);
    expect(now.querySelector('[data-testid="speed-median"]')?.textContent).toBe('Median download: 90.9 Mbps (9.1% of the line lost)');
    expect(text(was, 'tested-on')).toMatch(/^Tested on 15 Jan 2025 under method 1\.0 over NordLynx These results are 683 days old\./);
    expect(text(now, 'tested-on')).toBe('Tested on 20 Nov 2026 under method 1.0 over NordLynx');
    const log = [...now.querySelectorAll('[data-testid="change-log"] li')].map(words);
    expect(log).toEqual([
      '20 Nov 2026 Test Retested. Median download 89.5 → 90.9 Mbps; speed loss 10.5% → 9.1%; lowest ping 8 → 8.6 ms; no longer tested: Frankfurt, Germany and Tokyo, Japan',
      '15 Jan 2025 Test First tested, under method 1.0: 4 server locations, median download 89.5 Mbps, 10.5% of the line lost',
    ]);
    expect(text(now, 'byline')).toMatch(/· Updated November 2026$/);
    expect(reviewLd(now)).toMatchObject({
      dateModified: '2026-11-20',
      temporalCoverage: '2026-11-20',
      isBasedOn: { '@type': 'CreativeWork', name: 'How We Test and Score VPNs', version: '1.0' },
    });
    expect([lastmod(before, '/vpn-reviews/nordvpn'), lastmod(after, '/vpn-reviews/nordvpn')]).toEqual(['2025-01-15', '2026-11-20']);
    expect(lastmod(after, '/vpn-reviews/surfshark')).toBe('2025-01-15');
    expect(lastmod(after, '/compare/nordvpn-vs-surfshark')).toBe('2026-11-20');

    // Another recommended provider, tested 683 days before the build, says so next to its results.
    expect(text(page(after, 'vpn-reviews/surfshark'), 'stale-notice')).toBe(
      'These results are 683 days old. We retest every service we recommend once a year, so this review is due for a new test.',
    );
    // A provider that has shut down is retested no more: its old results carry no such notice.
    expect(text(page(after, 'vpn-reviews/atlas-vpn'), 'stale-notice')).toBeUndefined();
  }, 600_000);
});
