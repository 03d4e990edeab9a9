/**
 * Incremental builds: a second `vpnsite build` re-renders only the reviews and articles whose loader data changed
 * (scripts/build/react-router.ts), and publishes exactly what a build without the cache publishes. That the render's
 * worker processes, which start from 1,000 pages, render what React Router's own prerender renders is checked by
 * `npm run bench:build` (scripts/bench/render-equivalence.ts), on a build of 1,100 pages.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyOfData, edit, treeDigest, vpnsite, vpnsiteInProcess } from '../helpers/cli.ts';

/** The build's "on every core: N rendered, M … reused" line. */
function counts(stdout: string): { rendered: number; reused: number } {
  const m = /on every core: (\d+) rendered, (\d+) unchanged since the last build and reused/.exec(stdout);
  if (!m) throw new Error(`no render counts in:\n${stdout}`);
  return { rendered: Number(m[1]), reused: Number(m[2]) };
}

describe('incremental vpnsite build', () => {
  it('builds the site, renders again only what a changed file feeds, and publishes what a full build publishes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vpnsite-incremental-'));
    const env = { VPNSITE_CACHE_DIR: join(root, 'cache') };
    const data = copyOfData();
    const out = join(root, 'dist');

    const first = vpnsite(['build', '--data', data, '--out', out], env);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^validate /m);
    expect(first.stdout).toMatch(/^prerender +\d+ pages/m);
    expect(first.stdout).toMatch(/✓ built \d+ pages, [\d.]+ KB in [\d.]+s/);
    expect(readFileSync(join(out, '404.html'), 'utf8')).toContain('Oops! Page not found');
    // The summary's paid-button total is the one `links coverage` lists by page and placement, read from the same pages.
    const total = /^links +(\d+) of (\d+) outbound buttons \(\d+ %\) reach a paid link/m.exec(first.stdout);
    expect(total, first.stdout).not.toBeNull();
    const coverage = JSON.parse((await vpnsiteInProcess(['links', 'coverage', '--dist', out, '--format', 'json'])).stdout) as {
      rows: { page: string; placement: string }[];
      total: { paid: number; buttons: number };
    };
    expect([coverage.total.paid, coverage.total.buttons]).toEqual([Number(total![1]), Number(total![2])]);
    // The router guide's buttons: NordVPN's router files, Surfshark's site through its network, and PIA's, unpaid.
    expect(coverage.rows.find((r) => r.page === '/router-setup-guide' && r.placement === 'guide-router')).toEqual({
      page: '/router-setup-guide',
      placement: 'guide-router',
      buttons: 3,
      paid: 2,
      unpaid: ['private-internet-access/website'],
    });
    const all = counts(first.stdout);
    expect(all.reused).toBe(0);
    expect(all.rendered).toBe(39); // 8 reviews, 10 articles and 21 head-to-head comparisons (Atlas VPN has shut down: no pairs)
    // The cache keeps the pages as they were rendered, though a page and its cached copy were one file (a hard link)
    // until the build's first-paint step rewrote the page: each still has its stylesheet placeholder, empty.
    const cached = () => {
      const [scope] = readdirSync(join(root, 'cache', 'pages'));
      const dir = join(root, 'cache', 'pages', scope!);
      return readdirSync(dir)
        .filter((f) => f.endsWith('.html'))
        .map((f) => readFileSync(join(dir, f), 'utf8'));
    };
    expect(cached()).toHaveLength(39);
    for (const page of cached()) expect(page).toMatch(/<style data-href="\/assets\/[^"]+\.css"><\/style>/);
    expect(readFileSync(join(out, 'articles/vpn-speed-test/index.html'), 'utf8')).not.toMatch(/<style data-href="[^"]+"><\/style>/);

    // One article's intro: its page changes; pages that only list its title do not.
    edit(join(data, 'articles/vpn-speed-test.yaml'), 'heading: Quick Answer', 'heading: The Quick Answer');
    const second = vpnsite(['build', '--data', data, '--out', out], env);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(counts(second.stdout)).toEqual({ rendered: 1, reused: 38 });
    expect(readFileSync(join(out, 'articles/vpn-speed-test/index.html'), 'utf8')).toContain('The Quick Answer');
    // The cache keeps this build's pages only, still as rendered: reused pages were linked into the build too.
    expect(cached()).toHaveLength(39);
    for (const page of cached()) expect(page).toMatch(/<style data-href="\/assets\/[^"]+\.css"><\/style>/);

    // A new article: the site's list of paths grows, but what the other pages were made from did not change. Built
    // with the cache moved to another file system (/dev/shm is a tmpfs), where no hard link reaches: the pages reused
    // are copied out of it, and the page rendered is copied into it.
    const copy = join(data, 'articles/vpn-vs-proxy-explained.yaml');
    cpSync(join(data, 'articles/vpn-vs-proxy.yaml'), copy);
    edit(copy, 'slug: vpn-vs-proxy', 'slug: vpn-vs-proxy-explained');
    edit(copy, 'title: "VPN vs Proxy: Which Is Better for Privacy? |', 'title: "VPN vs Proxy, Explained |');
    edit(copy, 'title: "VPN vs Proxy: Which Is Better for Privacy in 2025?"', 'title: "VPN vs Proxy, Explained"');
    edit(copy, 'VPN or proxy? We compare', 'VPN or proxy, explained: we compare');
    const elsewhere = mkdtempSync('/dev/shm/vpnsite-cache-');
    try {
      expect(statSync(elsewhere).dev, 'the cache must be on another file system than the build').not.toBe(statSync(out).dev);
      cpSync(join(root, 'cache'), elsewhere, { recursive: true });
      const added = vpnsite(['build', '--data', data, '--out', out], { VPNSITE_CACHE_DIR: elsewhere });
      expect(added.status, added.stdout + added.stderr).toBe(0);
      expect(counts(added.stdout)).toEqual({ rendered: 1, reused: 39 });
      expect(readFileSync(join(out, 'articles/vpn-vs-proxy-explained/index.html'), 'utf8')).toContain('VPN vs Proxy, Explained');
      expect(readFileSync(join(out, 'articles/vpn-speed-test/index.html'), 'utf8')).toContain('The Quick Answer');
      const [scope] = readdirSync(join(elsewhere, 'pages'));
      const keptThere = readdirSync(join(elsewhere, 'pages', scope!)).filter((f) => f.endsWith('.html'));
      expect(keptThere).toHaveLength(40);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }

    // The same content built from nothing, without the cache: byte for byte the same site.
    const fresh = join(root, 'fresh');
    const full = vpnsite(['build', '--data', data, '--out', fresh], { VPNSITE_CACHE: '0' });
    expect(full.status, full.stdout + full.stderr).toBe(0);
    expect(counts(full.stdout)).toEqual({ rendered: 40, reused: 0 });
    // The schedule records when each build ran; every other byte is the same.
    expect(treeDigest(out, ['_schedule.json'])).toBe(treeDigest(fresh, ['_schedule.json']));
    rmSync(root, { recursive: true, force: true });
  }, 600_000);
});
