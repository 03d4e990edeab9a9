/** Every route in the sitemap: unique head tags, its own canonical, a real OG image, honest JSON-LD, no serious axe violations. */
import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { decode, scanPage } from '../../scripts/build/html-scan.ts';
import { useBrowser } from '../helpers/browser.ts';
import { builtPage } from '../helpers/built-site.ts';
import { parsePage } from '../helpers/static-page.ts';
import { onePagePerKind } from '../helpers/sitemap.ts';

const browser = useBrowser();
const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
const origin = urls[0]!.origin;

/** A route's built page: head tags and structured data are read from the files the service sends, once each. */
const pages = new Map<string, string>();
async function html(path: string): Promise<string> {
  let page = pages.get(path);
  if (page === undefined) pages.set(path, (page = builtPage(path)));
  return page;
}

/** A built page's head tags and structured data, scanned once per route. */
const scans = new Map<string, ReturnType<typeof scanPage>>();
async function scan(path: string): Promise<ReturnType<typeof scanPage>> {
  let found = scans.get(path);
  if (found === undefined) scans.set(path, (found = scanPage(await html(path))));
  return found;
}

/** The page's visible text, roughly: tags and scripts removed, entities decoded. */
const visibleText = (page: string) =>
  decode(
    page
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<head>[\s\S]*?<\/head>/, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');

describe('head tags on every route in the sitemap', () => {
  it('lists the site and no 404 page', () => {
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.map((u) => u.pathname)).toContain('/');
    expect(urls.some((u) => u.pathname === '/404')).toBe(false);
  });

  it('gives each route a unique title and description and its own canonical', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const url of urls) {
      const scanned = await scan(url.pathname);
      expect(scanned.title, url.pathname).toBeTruthy();
      expect(scanned.description, url.pathname).toBeTruthy();
      expect(titles.has(scanned.title!), `duplicate title on ${url.pathname}`).toBe(false);
      expect(descriptions.has(scanned.description!), `duplicate description on ${url.pathname}`).toBe(false);
      titles.add(scanned.title!);
      descriptions.add(scanned.description!);
      expect(scanned.canonical, url.pathname).toBe(`${origin}${url.pathname === '/' ? '/' : url.pathname}`);
    }
  });

  it('points og:image at a real 512x512 PNG with its size declared', async () => {
    const page = await html('/');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page)![1]!;
    expect(/<meta property="og:image:width" content="512"/.test(page)).toBe(true);
    expect(/<meta property="og:image:height" content="512"/.test(page)).toBe(true);
    const res = await fetch(new URL(new URL(image).pathname, inject('baseUrl')));
    expect(res.status).toBe(200);
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    for (const url of urls) {
      const head = await html(url.pathname);
      for (const tag of ['og:title', 'og:description', 'og:type', 'og:url', 'og:image'])
        expect(head, `${tag} on ${url.pathname}`).toContain(`property="${tag}"`);
      expect(head, url.pathname).toContain('name="twitter:card"');
    }
  });
});

describe('structured data', () => {
  it('parses on every route and agrees with what the page shows', async () => {
    for (const url of urls) {
      const page = await html(url.pathname);
      const text = visibleText(page);
      for (const raw of (await scan(url.pathname)).jsonLd) {
        const data = JSON.parse(raw) as Record<string, unknown> & { '@type': string };
        expect(data['@context'], url.pathname).toBe('https://schema.org');
        if (data['@type'] === 'Organization') {
          expect(text).toContain(data.name as string);
          expect(data).not.toHaveProperty('aggregateRating');
        }
        if (data['@type'] === 'Review') {
          const rating = (data.reviewRating as { ratingValue: number }).ratingValue;
          // A review of a service that has shut down shows its rating as the one it had when last reviewed.
          const archived = page.includes('data-testid="discontinued-notice"');
          if (archived) expect(text, url.pathname).toContain(`Rating when last reviewed: ${rating}/5`);
          else expect(page, url.pathname).toContain(`Rated ${rating} out of 5`);
          expect(text).toContain((data.itemReviewed as { name: string }).name);
          // The site is built while its prices are fresh: every review still in business offers its card's price,
          // the one the page shows; one that has shut down offers nothing.
          const offers = (data.itemReviewed as { offers?: { price: string } }).offers;
          if (page.includes('data-testid="discontinued-notice"')) expect(offers, url.pathname).toBeUndefined();
          else expect(text, url.pathname).toContain(`$${offers!.price}`);
        }
        if (data['@type'] === 'Article') {
          const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page)![1]!.replace(/<[^>]+>/g, ''));
          expect(data.headline, url.pathname).toBe(h1);
        }
        if (data['@type'] === 'FAQPage') {
          for (const q of data.mainEntity as { name: string; acceptedAnswer: { text: string } }[]) {
            expect(text, url.pathname).toContain(q.name);
            expect(text, url.pathname).toContain(q.acceptedAnswer.text);
          }
        }
        if (data['@type'] === 'BreadcrumbList') {
          const items = data.itemListElement as { item: string }[];
          expect(items.at(-1)!.item, url.pathname).toBe(`${origin}${url.pathname}`);
        }
      }
    }
  });

  const types = async (path: string) => (await scan(path)).jsonLd.map((j) => (JSON.parse(j) as { '@type': string })['@type']);

  it('puts an Organization on home and about', async () => {
    expect(await types('/')).toContain('Organization');
    expect(await types('/about-us')).toContain('Organization');
  });

  it('puts a Review and a BreadcrumbList on every review page, an Article and a BreadcrumbList on every article, a BreadcrumbList on every guide', async () => {
    const reviews = urls.filter((u) => u.pathname.startsWith('/vpn-reviews/'));
    const articles = urls.filter((u) => u.pathname.startsWith('/articles/'));
    const guides = urls.filter((u) => u.pathname.endsWith('-setup-guide'));
    expect([reviews.length, articles.length, guides.length]).toEqual([8, 10, 4]);
    for (const u of reviews) expect(await types(u.pathname), u.pathname).toEqual(expect.arrayContaining(['Review', 'BreadcrumbList']));
    for (const u of articles) expect(await types(u.pathname), u.pathname).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
    for (const u of guides) expect(await types(u.pathname), u.pathname).toContain('BreadcrumbList');
  });

  it('shows on every review, comparison, guide and article the breadcrumbs its BreadcrumbList names, each a link but the page', async () => {
    const trailed = urls.filter((u) => /^\/(vpn-reviews\/|articles\/|compare(\/|$))|-setup-guide$/.test(u.pathname));
    expect(trailed.length).toBeGreaterThan(8 + 10 + 4 + 1);
    for (const u of trailed) {
      const page = parsePage(await html(u.pathname));
      const crumbs = [...page.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((li) => {
        const a = li.querySelector('a');
        const here = li.querySelector('[aria-current="page"]');
        return { name: (a ?? here)!.textContent, item: a ? `${origin}${a.getAttribute('href')}` : `${origin}${u.pathname}` };
      });
      const list = (await scan(u.pathname)).jsonLd
        .map((j) => JSON.parse(j) as { '@type': string; itemListElement?: { name: string; item: string }[] })
        .find((d) => d['@type'] === 'BreadcrumbList');
      expect(list, u.pathname).toBeDefined();
      expect(crumbs, u.pathname).toEqual(list!.itemListElement!.map(({ name, item }) => ({ name, item })));
    }
  });

  it('puts a FAQPage wherever a FAQ is visible', async () => {
    for (const url of urls) {
      const page = await html(url.pathname);
      const hasFaq = page.includes('data-testid="faq-item"');
      expect((await types(url.pathname)).includes('FAQPage'), url.pathname).toBe(hasFaq);
    }
  });

  it('rates each review in JSON-LD as the page shows it', async () => {
    const expected: Record<string, number> = {
      nordvpn: 4.9,
      surfshark: 4.6,
      tunnelbear: 4.2,
      cyberghost: 4.5,
      'private-internet-access': 4.4,
      protonvpn: 4.3,
      ipvanish: 4.2,
      'atlas-vpn': 4.1,
    };
    for (const [slug, rating] of Object.entries(expected)) {
      const page = await html(`/vpn-reviews/${slug}`);
      const review = scanPage(page)
        .jsonLd.map((j) => JSON.parse(j) as { '@type': string; reviewRating?: { ratingValue: number } })
        .find((d) => d['@type'] === 'Review')!;
      expect(review.reviewRating!.ratingValue, slug).toBe(rating);
      if (slug === 'atlas-vpn') expect(visibleText(page)).toContain(`Rating when last reviewed: ${rating}/5`);
      else expect(page).toContain(`Rated ${rating} out of 5`);
    }
  });
});

describe('accessibility of every kind of page', () => {
  // Three pages at a time: axe spends seconds in each page's renderer, a process of its own, and one after another
  // they made this file the longest of the suite.
  it('has no serious or critical axe violations and one h1 on any of them', async () => {
    const paths = onePagePerKind(undefined, { edgePairs: false });
    const found: Record<string, string[]> = {};
    const next = paths.values();
    const check = async () => {
      for (const path of next) {
        const { page } = await browser.open(path);
        const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
        const serious = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          );
        const h1s = await page.locator('h1').count();
        found[path] = h1s === 1 ? serious : [...serious, `${h1s} h1 elements`];
        await page.close();
      }
    };
    await Promise.all([check(), check(), check()]);
    expect(Object.keys(found).sort()).toEqual([...paths].sort());
    expect(Object.fromEntries(Object.entries(found).filter(([, problems]) => problems.length))).toEqual({});
  }, 600_000);
});
