/** How `vpnsite serve` serves the built site: statuses, caching and compression (real HTTP). */
import { describe, expect, inject, it } from 'vitest';

const url = (path: string) => new URL(path, inject('baseUrl')).href;

describe('serving the built site', () => {
  it('serves pages compressed and revalidated', async () => {
    const res = await fetch(url('/vpn-deals'), { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toMatch(/max-age=0, must-revalidate|no-cache/);
    expect(await res.text()).toContain('VPN Deals of 2025, by Discount');
  });

  it('caches hashed assets for a year as immutable', async () => {
    // The page's stylesheet (inlined, named by its data-href), its icon sprite and the islands its bootstrap loads.
    const html = await (await fetch(url('/'))).text();
    const assets = [...new Set(html.match(/\/assets\/[\w/.-]+\.(?:js|css|svg)/g) ?? [])];
    expect(assets.filter((a) => a.startsWith('/assets/islands/')).length).toBeGreaterThan(3);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await fetch(url(asset));
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it("serves React Router's prerendered loader data as a script, revalidated", async () => {
    const res = await fetch(url('/vpn-deals.data'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/x-script; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    for (const path of ['/no-such-page', '/vpn-reviews/no-such-vpn', '/articles/missing']) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Oops! Page not found');
    }
  });

  it('publishes the sitemap and robots.txt', async () => {
    const robots = await (await fetch(url('/robots.txt'))).text();
    expect(robots).toContain('Disallow: /go/');
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
    const sitemap = await fetch(url('/sitemap.xml'));
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    // Every route: home, deals, the reviews listing and 8 reviews, streaming, gaming, the guides index and 4 guides, 4 company pages, 10 articles;
    // the articles index; the method page, the comparison table and its 21 head-to-head pages (the seven providers
    // still in business). The form result pages are never indexed, so they are not listed.
    expect(xml.match(/<url>/g)?.length).toBe(56);
    expect(xml).toContain('/articles/vpn-vs-proxy</loc>');
  });
});
