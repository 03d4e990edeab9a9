/**
 * The pass over every page after rendering runs on every core (scripts/build/finish-pages.ts): what it writes and
 * what it hands the checks must not depend on which thread finished a page, nor on the gzip sizes kept from a
 * previous build.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishPages } from '../../scripts/build/finish-pages.ts';
import { listFiles } from '../../services/http/publish.ts';

const PAGES = 480;
const CSS = 'body{color:#111}main{max-width:72rem}';
const BOOT = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-3.js");';
/** The islands' bootstrap every finished page runs. */
const BOOTSTRAP = '(()=>{navigator.sendBeacon("/api/pv","{}")})();';

/** A page as React Router renders it, before the build finishes it. */
function rendered(i: number): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><title>Page ${i} &amp; more</title><meta name="description" content="About ${i}"/>` +
    `<link rel="canonical" href="https://www.example.com/articles/page-${i}"/><link rel="modulepreload" href="/assets/manifest-1.js"/>` +
    `<link rel="modulepreload" href="/assets/root-2.js"/><style data-href="/assets/app-5.css"></style></head>` +
    `<body><main><h1>Page ${i}</h1><a href="/articles/page-${(i + 1) % PAGES}">next</a>` +
    `<a href="/go/nordvpn" rel="sponsored noopener" target="_blank">Visit</a><p>${'Words about VPNs. '.repeat(i % 50)}</p></main>` +
    `<footer id="footer"></footer><script>window.__reactRouterContext = {"i":${i}};</script>` +
    `<script type="module" async="">${BOOT}</script></body></html>`
  );
}

/** PAGES pages under articles/, a home page and a 404 page, and one page (page-300) the rewrite cannot finish. */
function renderedSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-finish-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/app-5.css'), CSS);
  writeFileSync(join(dir, 'index.html'), rendered(PAGES));
  writeFileSync(join(dir, '404.html'), rendered(PAGES + 1));
  for (let i = 0; i < PAGES; i++) {
    mkdirSync(join(dir, `articles/page-${i}`), { recursive: true });
    const html = rendered(i);
    writeFileSync(
      join(dir, `articles/page-${i}/index.html`),
      i === 300 ? html.replace('<style data-href="/assets/app-5.css"></style>', '') : html,
    );
  }
  return dir;
}

const copy = (dir: string) => {
  const to = mkdtempSync(join(tmpdir(), 'vpnsite-finish-'));
  cpSync(dir, to, { recursive: true });
  return to;
};

/** Runs with `threads` threads, whatever the cores. */
async function on<T>(threads: number, run: () => Promise<T>): Promise<T> {
  vi.stubEnv('VPNSITE_THREADS', String(threads));
  try {
    return await run();
  } finally {
    vi.unstubAllEnvs();
  }
}

afterEach(() => vi.unstubAllEnvs());

describe('finishing pages on every core', () => {
  it('writes and reports the same pages whichever thread finishes them, and with gzip sizes kept from before', async () => {
    const site = renderedSite();
    const files = await listFiles(site);
    const [a, b, c] = [copy(site), copy(site), copy(site)];
    const cache = join(mkdtempSync(join(tmpdir(), 'vpnsite-finish-cache-')), 'gzip-sizes.json');

    const together = await on(2, () => finishPages(a, files, BOOTSTRAP, cache));
    const one = await on(1, () => finishPages(b, files, BOOTSTRAP));
    const again = await on(2, () => finishPages(c, files, BOOTSTRAP, cache));
    for (const r of [together, again]) {
      expect(r.unstyled).toEqual(one.unstyled);
      expect(r.csp).toEqual(one.csp);
      expect([...r.pages]).toEqual([...one.pages]);
    }
    for (const f of files) {
      const bytes = readFileSync(join(b, f));
      expect(readFileSync(join(a, f)).equals(bytes), f).toBe(true);
      expect(readFileSync(join(c, f)).equals(bytes), f).toBe(true);
    }

    // What it found: the one page it could not rewrite, left as it was, and every other page finished.
    expect(one.unstyled).toEqual(['articles/page-300/index.html lacks the <style data-href> of SiteStyles (root.tsx) or its <body>']);
    expect(readFileSync(join(b, 'articles/page-300/index.html'), 'utf8')).toBe(
      readFileSync(join(site, 'articles/page-300/index.html'), 'utf8'),
    );
    expect(one.pages.size).toBe(PAGES + 1);
    expect([...one.pages.keys()]).toEqual(expect.arrayContaining(['/', '/404', '/articles/page-0', '/articles/page-479']));
    const finished = readFileSync(join(b, 'articles/page-7/index.html'));
    expect(finished.toString()).toContain(`<style data-href="/assets/app-5.css">${CSS}</style>`);
    const page = one.pages.get('/articles/page-7')!;
    expect(page.html).toBe(gzipSync(finished, { level: 9 }).length);
    expect(page.inlineCss).toBe(gzipSync(CSS, { level: 9 }).length);
    expect(page.scan).toMatchObject({
      title: 'Page 7 & more',
      description: 'About 7',
      canonical: 'https://www.example.com/articles/page-7',
      styles: [],
      inlineScripts: [],
      jsonLd: [],
    });
    expect(page.scan.anchors).toEqual([{ href: '/articles/page-8' }, { href: '/go/nordvpn', rel: 'sponsored noopener', target: '_blank' }]);
    // React Router's scripts are gone: the page loads no script file, and runs the bootstrap alone.
    expect(page.scan.js).toEqual([]);
    expect(finished.toString()).not.toContain('__reactRouter');
    // The speculation rules and the bootstrap.
    expect(one.csp['articles/page-7/index.html']).toHaveLength(2);
    expect(one.csp['articles/page-7/index.html']).toContain(`'sha256-${createHash('sha256').update(BOOTSTRAP, 'utf8').digest('base64')}'`);

    // A page already finished is taken as it is: finishing a build twice changes nothing.
    const twice = await on(1, () => finishPages(b, files, BOOTSTRAP));
    expect(twice.unstyled).toEqual(one.unstyled);
    expect(twice.csp).toEqual(one.csp);
    expect([...twice.pages]).toEqual([...one.pages]);
    expect(readFileSync(join(b, 'articles/page-7/index.html')).equals(finished)).toBe(true);

    // The kept sizes are this build's pages', one for each page finished.
    expect(Object.keys(JSON.parse(readFileSync(cache, 'utf8')) as object)).toHaveLength(PAGES + 1);
  });
});
