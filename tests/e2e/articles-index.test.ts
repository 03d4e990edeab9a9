/** /articles: every article in content, each card a link to it, with the page's own head tags and a place in the sitemap. */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, inject, it } from 'vitest';
import { scanPage } from '../../scripts/build/html-scan.ts';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

const articles = readdirSync('data/articles')
  .map(
    (f) =>
      parse(readFileSync(`data/articles/${f}`, 'utf8')) as {
        slug: string;
        title: string;
        summary: string;
        author: string;
        updated: string;
      },
  )
  // Newest first; one day's by slug.
  .sort((a, b) => b.updated.localeCompare(a.updated) || a.slug.localeCompare(b.slug));
const authors = new Map(
  (parse(readFileSync('data/authors.yaml', 'utf8')) as { authors: { id: string; name: string }[] }).authors.map((x) => [x.id, x.name]),
);

describe('articles index', () => {
  it('lists every article from content, in the prerendered HTML', async () => {
    expect(articles).toHaveLength(10);
    const { page } = await browser.open('/articles', { javaScript: false });
    await page.getByRole('heading', { level: 1, name: 'VPN Articles' }).waitFor();
    const cards = page.getByTestId('article-card');
    expect(await cards.count()).toBe(articles.length);
    for (const [i, a] of articles.entries()) {
      const link = cards.nth(i).getByRole('link');
      expect(await link.count()).toBe(1);
      expect(await link.textContent()).toBe(a.title);
      expect(await link.getAttribute('href')).toBe(`/articles/${a.slug}`);
      expect(await cards.nth(i).textContent()).toContain(a.summary);
      // Who wrote it and how long it reads, from the article itself and authors.yaml.
      expect(await cards.nth(i).getByTestId('article-card-byline').textContent()).toMatch(
        new RegExp(`^${authors.get(a.author)!} · \\w+ \\d+, \\d{4} · \\d+ min read$`),
      );
    }
  });

  it('has its own title, description and canonical, and is in the sitemap', async () => {
    const html = await (await fetch(new URL('/articles', browser.baseUrl()))).text();
    const scan = scanPage(html);
    expect(scan.title).toBe('VPN Articles and Guides to Privacy Online | VPN Compass');
    expect(scan.description).toMatch(/^Every VPN Compass article in one place/);
    const sitemap = readFileSync(`${inject('distDir')}/sitemap.xml`, 'utf8');
    const origin = /<loc>([^<]+)<\/loc>/.exec(sitemap)![1]!.replace(/\/$/, '');
    expect(scan.canonical).toBe(`${origin}/articles`);
    expect(sitemap).toContain(`<loc>${origin}/articles</loc>`);
  });

  it('opens an article from anywhere on its card', async () => {
    const { page } = await browser.open('/articles');
    await hydrated(page);
    const card = page.getByTestId('article-card').filter({ hasText: 'VPN vs Proxy' });
    // The summary text, not the title link: the title link's ::after covers the whole card.
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
    await page.waitForURL('**/articles/vpn-vs-proxy');
    await page.getByRole('heading', { level: 1, name: 'VPN vs Proxy: Which Is Better for Privacy in 2025?' }).waitFor();
  });
});
