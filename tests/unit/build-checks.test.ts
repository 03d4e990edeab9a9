import { describe, expect, it } from 'vitest';
import { checkBudgets, checkIslandBudgets, pageWeights } from '../../scripts/build/budget.ts';
import { routeOfFile, scanPage } from '../../scripts/build/html-scan.ts';
import { checkIntegrity, type IntegrityInput } from '../../scripts/build/integrity.ts';
import { robotsTxt, sitemapXml } from '../../scripts/build/sitemap.ts';

const head = (title: string, description: string) =>
  `<head><title>${title}</title><meta name="description" content="${description}"/></head>`;
const page = (title: string, body: string, description = `About ${title}`) =>
  `<!DOCTYPE html><html>${head(title, description)}<body>${body}</body></html>`;
const REL = 'sponsored nofollow noopener';

function input(pages: Record<string, string>, over: Partial<IntegrityInput> = {}): IntegrityInput {
  return {
    pages: new Map(Object.entries(pages).map(([p, html]) => [p, scanPage(html)])),
    files: new Set(['/favicon.svg', '/assets/app-1a2b.js']),
    providers: new Set(['nordvpn', 'surfshark']),
    updated: new Map(),
    today: '2026-11-21',
    ...over,
  };
}

describe('integrity checks on built HTML', () => {
  it('passes links to pages, assets, fragments, external sites and tracked /go/ links', () => {
    const problems = checkIntegrity(
      input({
        '/': page(
          'Home',
          `<a href="/vpn-deals">Deals</a><a href="/favicon.svg">i</a><a href="#top">t</a><a href="https://example.com">x</a><a href="/go/nordvpn?from=%2F&amp;placement=card" target="_blank" rel="${REL}">Go</a>`,
        ),
        '/vpn-deals': page('Deals', '<a href="/">Home</a>'),
      }),
    );
    expect(problems).toEqual([]);
  });

  it('reports a broken internal link with the page and the link', () => {
    const problems = checkIntegrity(input({ '/': page('Home', '<a href="/vpn-dealz?x=1">Deals</a>') }));
    expect(problems).toEqual([{ severity: 'error', page: '/', message: 'broken link /vpn-dealz?x=1: no page or file at /vpn-dealz' }]);
  });

  it('treats a link to the 404 page as broken', () => {
    const problems = checkIntegrity(input({ '/': page('Home', '<a href="/404">x</a>'), '/404': page('Not found', '') }));
    expect(problems.map((p) => p.message)).toEqual(['broken link /404: no page or file at /404']);
  });

  it('fails an outbound link without the sponsored rel, and one to an unknown provider', () => {
    const problems = checkIntegrity(
      input({
        '/': page(
          'Home',
          '<a href="/go/nordvpn" target="_blank" rel="nofollow">A</a><a href="/go/nordpvn" rel="sponsored nofollow noopener">B</a>',
        ),
      }),
    );
    expect(problems).toEqual([
      { severity: 'error', page: '/', message: 'outbound link /go/nordvpn must have rel="sponsored nofollow noopener" (found "nofollow")' },
      { severity: 'error', page: '/', message: 'link /go/nordpvn names no known provider' },
    ]);
  });

  it('passes a named /go/ link and fails one whose name is not a link name', () => {
    const problems = checkIntegrity(
      input({
        '/': page('Home', `<a href="/go/nordvpn/windows?from=%2F" rel="${REL}">A</a><a href="/go/nordvpn/windos" rel="${REL}">B</a>`),
      }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'link /go/nordvpn/windos names no known link (website, windows, macos, linux, ios, android, router)',
    ]);
  });

  it('warns about a page updated more than 12 months before the build, naming the page', () => {
    const problems = checkIntegrity(
      input(
        { '/a': page('A', ''), '/b': page('B', '') },
        {
          updated: new Map([
            ['/a', '2025-11-20'],
            ['/b', '2025-11-21'],
          ]),
        },
      ),
    );
    expect(problems).toEqual([
      { severity: 'warning', page: '/a', message: 'last updated 2025-11-20, more than 12 months before 2026-11-21' },
    ]);
  });

  it('warns about duplicate and over-long titles and descriptions', () => {
    const long = 'x'.repeat(61);
    const problems = checkIntegrity(
      input({ '/a': page('Same', '', 'One'), '/b': page('Same', '', 'One'), '/c': page(long, '', 'd'.repeat(161)) }),
    );
    expect(problems.map((p) => `${p.page} ${p.severity} ${p.message.replace(/: ".*"$/, '')}`)).toEqual([
      '/b warning title "Same" is also used by /a',
      '/b warning description is also used by /a',
      '/c warning title is 61 characters (keep it within 60)',
      '/c warning description is 161 characters (keep it within 160)',
    ]);
  });
});

describe('page-weight budgets', () => {
  const html = page(
    'Home',
    '<link rel="stylesheet" href="/assets/a.css"/><link rel="modulepreload" href="/assets/a.js"/><script type="module">import "/assets/b.js";</script>',
  );
  const sizes: Record<string, number> = { '/assets/a.css': 21 * 1024, '/assets/a.js': 100 * 1024, '/assets/b.js': 31 * 1024 };
  const weights = pageWeights(new Map([['/', { html: Buffer.from(html), scan: scanPage(html) }]]), (p) => sizes[p]!);

  it('counts every stylesheet and script a page loads', () => {
    expect(weights[0]).toMatchObject({ page: '/', css: 21 * 1024, js: 131 * 1024 });
  });

  it('counts an inline stylesheet as CSS, and reads no tags inside it', () => {
    const css = `a[data-x="<a href='/nowhere'>"]{color:red}`.repeat(40);
    const inline = page('Inline', `<style data-href="/assets/a.css">${css}</style>`);
    const scan = scanPage(inline);
    expect(scan.styles).toEqual([css]);
    expect(scan.anchors.map((a) => a.href)).not.toContain('/nowhere');
    const [w] = pageWeights(new Map([['/', { html: Buffer.from(inline), scan }]]), () => 0);
    expect(w!.css).toBeGreaterThan(0);
    expect(w!.css).toBeLessThan(css.length);
  });

  it('fails each budget that a page exceeds', () => {
    expect(checkBudgets(weights, { jsKb: 130, cssKb: 20, htmlKb: 60 })).toEqual([
      { severity: 'error', page: '/', message: 'JavaScript is 131.0 KB gzip, over the 130 KB budget' },
      { severity: 'error', page: '/', message: 'CSS is 21.0 KB gzip, over the 20 KB budget' },
    ]);
    expect(checkBudgets([{ page: '/big', html: 61 * 1024, css: 0, js: 0 }], { jsKb: 130, cssKb: 20, htmlKb: 60 })).toEqual([
      { severity: 'error', page: '/big', message: 'HTML is 61.0 KB gzip, over the 60 KB budget' },
    ]);
    expect(checkBudgets(weights, { jsKb: 131, cssKb: 21, htmlKb: 60 })).toEqual([]);
  });

  it('fails a page that loads any script file under a budget of 0 KB, and passes one that loads none', () => {
    expect(checkBudgets([{ page: '/', html: 1024, css: 0, js: 1 }], { jsKb: 0, cssKb: 20, htmlKb: 60 })).toEqual([
      { severity: 'error', page: '/', message: 'JavaScript is 0.0 KB gzip, over the 0 KB budget' },
    ]);
    expect(checkBudgets([{ page: '/', html: 1024, css: 0, js: 0 }], { jsKb: 0, cssKb: 20, htmlKb: 60 })).toEqual([]);
  });

  it('fails the bootstrap over its size and an island over its own budget', () => {
    const budgets = { bootstrapBytes: 10, islandsKb: { newsletter: 70, search: 1 } };
    expect(checkIslandBudgets('x'.repeat(11), { newsletter: 70 * 1024, search: 1025 }, budgets)).toEqual([
      { severity: 'error', page: '(every page)', message: 'the inline bootstrap is 11 bytes, over the 10 byte budget' },
      { severity: 'error', page: '(island search)', message: 'the search island is 1.0 KB gzip, over its 1 KB budget' },
    ]);
    expect(checkIslandBudgets('x'.repeat(10), { newsletter: 70 * 1024, search: 1024 }, budgets)).toEqual([]);
  });
});

describe('sitemap and robots', () => {
  it('lists every route but the 404 page, with the content date as lastmod', () => {
    const xml = sitemapXml(
      [
        { path: '/', kind: 'home', source: 'site.yaml', updated: '2025-01-15', title: 'h', description: 'd' },
        { path: '/vpn-deals', kind: 'deals', source: 'deals.yaml', updated: '2025-01-20', title: 'h', description: 'd' },
        { path: '/404', kind: 'not-found', source: 'site.yaml', title: 'h', description: 'd' },
      ],
      'https://www.example.com',
    );
    expect(xml).toContain('<loc>https://www.example.com/</loc>\n    <lastmod>2025-01-15</lastmod>');
    expect(xml).toContain('<loc>https://www.example.com/vpn-deals</loc>\n    <lastmod>2025-01-20</lastmod>');
    expect(xml).not.toContain('/404');
  });

  it('allows the site, disallows /go/ and names the sitemap', () => {
    expect(robotsTxt('https://www.example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /go/\n\nSitemap: https://www.example.com/sitemap.xml\n',
    );
  });

  it('maps output files to routes', () => {
    expect(['index.html', 'vpn-deals/index.html', 'articles/x/index.html', '404.html', 'articles/404.html'].map(routeOfFile)).toEqual([
      '/',
      '/vpn-deals',
      '/articles/x',
      '/404',
      '/articles/404',
    ]);
  });
});
