/** Page weight: a route's JS holds only that route's code; page content ships in HTML and data, never in chunks. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { scanPage } from '../../scripts/build/html-scan.ts';

const dist = inject('distDir');
const read = (sitePath: string) => readFileSync(join(dist, sitePath), 'utf8');
const chunks = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `/assets/${f}`);
/** The JS a page loads (module preloads and the inline module's imports). */
const jsOf = (htmlPath: string) => scanPage(read(htmlPath)).js;
/** The route modules the page's bootstrap imports as `routeN` (the build quotes the bootstrap as a string, hence `\"`). */
const routeModulesOf = (htmlPath: string) =>
  [...read(htmlPath).matchAll(/import \* as route\d+ from \\?"([^"\\]+)\\?"/g)].map((m) => m[1]!);

// Titles of other pages, as literals so that a renamed page cannot make the test vacuous.
const TITLES = [
  'Terms of Service',
  'Privacy Policy',
  'How to Set Up a VPN on Your Router',
  'VPN Setup Guides',
  'Find Your Perfect VPN Protection',
];

describe('route chunks', () => {
  it('the built pages carry the titles, so the checks below look for real content', () => {
    expect(read('terms-of-service/index.html')).toContain('>Terms of Service</h1>');
    expect(read('router-setup-guide/index.html')).toContain('>How to Set Up a VPN on Your Router</h1>');
    expect(read('index.html')).toContain('>Find Your Perfect VPN Protection</h1>');
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('no JS chunk contains any page title: content comes from the prerendered HTML and .data files', () => {
    for (const chunk of chunks) {
      const text = read(chunk);
      for (const title of TITLES) expect(text.includes(title), `${chunk} contains "${title}"`).toBe(false);
    }
  });

  it("the home page loads neither a guide's nor a legal page's route module", () => {
    const home = jsOf('index.html');
    const [guideModule] = routeModulesOf('router-setup-guide/index.html').slice(-1);
    const [pageModule] = routeModulesOf('terms-of-service/index.html').slice(-1);
    expect(home.length).toBeGreaterThan(3);
    expect(guideModule).toMatch(/^\/assets\/guide-/);
    expect(pageModule).toMatch(/^\/assets\/page-/);
    expect(home).not.toContain(guideModule);
    expect(home).not.toContain(pageModule);
    for (const chunk of home) expect(read(chunk).includes('How to Set Up a VPN on Your Router'), chunk).toBe(false);
  });

  // The chunk plan (scripts/build/chunks.ts): every page shares one framework file and one shell file, and code
  // that loads on first use is on no page's first load.
  const PAGES = [
    'index.html',
    'contact-us/index.html',
    'compare/index.html',
    'compare/nordvpn-vs-surfshark/index.html',
    'router-setup-guide/index.html',
    'vpn-reviews/nordvpn/index.html',
    'articles/vpn-for-netflix/index.html',
    'search/index.html',
    '404.html',
  ];

  it('every page loads the one framework file and the one shell file', () => {
    for (const html of PAGES) {
      const js = jsOf(html);
      expect(
        js.filter((c) => /^\/assets\/framework-/.test(c)),
        html,
      ).toHaveLength(1);
      expect(
        js.filter((c) => /^\/assets\/shell-/.test(c)),
        html,
      ).toHaveLength(1);
    }
    expect(chunks.filter((c) => /^\/assets\/(framework|shell)-/.test(c))).toHaveLength(2);
  });

  it('no page loads the search popup or the toast library up front', () => {
    // Strings only those two modules hold: the popup's test id (a template literal in Rolldown's output) and the
    // toaster's attribute.
    const lazy = chunks.filter((c) => /"data-testid":[`"]search-popup[`"]/.test(read(c)) || read(c).includes('data-sonner-toaster'));
    expect(lazy.length).toBeGreaterThanOrEqual(2);
    for (const html of PAGES) for (const chunk of lazy) expect(jsOf(html), `${html} loads ${chunk}`).not.toContain(chunk);
  });
});
