/**
 * What a built page ships, read from the built files: no script file, no module preload and no framework data on any
 * content route; one inline bootstrap within its budget; the speculation rules; and each island's props beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { builtPage } from '../helpers/built-site.ts';
import { all, parsePage } from '../helpers/static-page.ts';

const dist = inject('distDir');
const budgets = (parse(readFileSync('data/site.yaml', 'utf8')) as { budgets: { bootstrapBytes: number } }).budgets;

/** Every content route: home, reviews, deals, streaming, gaming, guides, articles, pairs, the method, company and legal pages. */
const sitemap = [...readFileSync(join(dist, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const CONTENT = [
  '/',
  '/vpn-reviews',
  '/vpn-reviews/nordvpn',
  '/vpn-deals',
  '/vpn-streaming',
  '/vpn-gaming',
  '/vpn-setup-guides',
  '/windows-setup-guide',
  '/articles',
  '/articles/best-vpn-2025',
  '/compare/nordvpn-vs-surfshark',
  '/how-we-test',
  '/about-us',
  '/contact-us',
  '/terms-of-service',
  '/privacy-policy',
];
/** Every page of the build, the dashboard, search, form results and not-found pages among them. */
const EVERY = [...new Set([...sitemap, ...CONTENT, '/compare', '/search', '/stats', '/404', '/newsletter/subscribed'])];

/** The scripts a browser would run: no type, or a JavaScript one. */
const runnable = (doc: Document) =>
  all(doc, 'script').filter((s) => ['', 'text/javascript', 'module'].includes((s.getAttribute('type') ?? '').toLowerCase()));

describe('built pages', () => {
  it('lists every kind of content route among the pages checked, so the checks below cannot pass on too few', () => {
    for (const path of CONTENT) expect(sitemap, path).toContain(path);
    expect(sitemap.length).toBeGreaterThan(50);
  });

  for (const path of EVERY) {
    it(`${path} loads no script file, preloads no module and carries no framework data`, () => {
      const html = builtPage(path);
      const doc = parsePage(html);
      expect(all(doc, 'script[src]')).toEqual([]);
      expect(all(doc, 'link[rel=modulepreload], link[as=script]')).toEqual([]);
      expect(html).not.toContain('__reactRouter');
    });
  }

  for (const path of [...sitemap, ...CONTENT].filter((p, i, a) => a.indexOf(p) === i)) {
    it(`${path} runs one inline script, the bootstrap, within its budget`, () => {
      const scripts = runnable(parsePage(builtPage(path)));
      expect(scripts).toHaveLength(1);
      expect(Buffer.byteLength(scripts[0]!.textContent ?? '')).toBeLessThanOrEqual(budgets.bootstrapBytes);
      expect(budgets.bootstrapBytes).toBeLessThanOrEqual(2048);
      expect(scripts[0]!.textContent).toContain('/api/pv');
    });
  }

  it('every page carries the speculation rules, which never fetch /go/, /api/, /stats or a form result ahead', () => {
    for (const path of EVERY) {
      const rules = all(parsePage(builtPage(path)), 'script[type=speculationrules]');
      expect(rules, path).toHaveLength(1);
      const parsed = JSON.parse(rules[0]!.textContent!) as Record<'prefetch' | 'prerender', { where: unknown; eagerness: string }[]>;
      for (const kind of ['prefetch', 'prerender'] as const) {
        expect(parsed[kind]![0]!.eagerness).toBe('moderate');
        const never = JSON.stringify(parsed[kind]![0]!.where);
        for (const p of ['/go/*', '/api/*', '/stats', '/newsletter/*', '/contact-us/sent'])
          expect(never, `${kind} ${p}`).toContain(`"${p}"`);
      }
    }
  });

  it('writes each island props beside it, as JSON the island hydrates from', () => {
    const islands = (path: string) =>
      all(parsePage(builtPage(path)), '[data-island]').map((el) => {
        const props = el.nextElementSibling!;
        expect(props.matches('script[type="application/json"][data-island-props]')).toBe(true);
        return { name: el.getAttribute('data-island'), props: JSON.parse(props.textContent!) as Record<string, unknown> };
      });
    expect(islands('/').map((i) => i.name)).toEqual(['search', 'newsletter']);
    expect(islands('/contact-us').map((i) => i.name)).toEqual(['search', 'contact', 'newsletter']);
    expect(islands('/compare').map((i) => i.name)).toEqual(['search', 'compare', 'newsletter']);
    expect(islands('/stats').map((i) => i.name)).toEqual(['search', 'stats', 'newsletter']);
    expect(islands('/404').map((i) => i.name)).toEqual(['search', 'search', 'newsletter']);
    expect(islands('/').find((i) => i.name === 'newsletter')!.props.button).toBe('Subscribe');
    expect((islands('/compare').find((i) => i.name === 'compare')!.props.rows as unknown[]).length).toBeGreaterThan(5);
  });

  it("keeps page content out of the islands' code: it ships in the HTML", () => {
    const dir = join(dist, 'assets/islands');
    const code = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(code.length).toBeGreaterThan(5);
    for (const title of ['Find Your Perfect VPN Protection', 'Terms of Service', 'Stay Updated', 'Compare VPNs Side by Side'])
      expect(
        code.some((c) => c.includes(title)),
        title,
      ).toBe(false);
  });
});
