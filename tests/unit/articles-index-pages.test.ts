/** The articles index goes on over further pages once it holds more cards than one page shows. */
import { describe, expect, it } from 'vitest';
import { ARTICLES_PER_PAGE, routeTable } from '../../services/content/index.ts';
import { pagerNumbers } from '../../site/components/blocks/page-blocks.tsx';

const meta = (title: string) => ({ title, description: `${title}.` });
const content = (articles: number) => ({
  site: { home: { updated: '2025-01-01', meta: meta('Home') }, notFound: { meta: meta('Not found') }, formResults: {} },
  providers: [],
  guides: [],
  pages: [
    { slug: 'articles', order: 1, updated: '2025-01-01', meta: meta('Articles'), blocks: [{ type: 'article-cards' }] },
    { slug: 'about-us', order: 2, updated: '2025-01-01', meta: meta('About'), blocks: [{ type: 'prose' }] },
  ],
  articles: Array.from({ length: articles }, (_, i) => ({ slug: `a-${i}`, order: i, updated: '2025-01-01', meta: meta(`Article ${i}`) })),
});

describe('the articles index', () => {
  it('is one page while its cards fit on one', () => {
    const paths = routeTable(content(ARTICLES_PER_PAGE) as never).map((r) => r.path);
    expect(paths.filter((p) => p.startsWith('/articles/page/'))).toEqual([]);
  });

  it('goes on at /articles/page/N, each page with a title of its own, and no other page does', () => {
    const routes = routeTable(content(2 * ARTICLES_PER_PAGE + 1) as never);
    const more = routes.filter((r) => r.pageNumber !== undefined);
    expect(more.map((r) => [r.path, r.pageNumber, r.title])).toEqual([
      ['/articles/page/2', 2, 'Articles (page 2)'],
      ['/articles/page/3', 3, 'Articles (page 3)'],
    ]);
    expect(routes.some((r) => r.path.startsWith('/about-us/page'))).toBe(false);
  });

  it('shows the first, the last and two pages either side of the current one, with gaps between', () => {
    expect(pagerNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pagerNumbers(1, 209)).toEqual([1, 2, 3, 0, 209]);
    expect(pagerNumbers(100, 209)).toEqual([1, 0, 98, 99, 100, 101, 102, 0, 209]);
    expect(pagerNumbers(209, 209)).toEqual([1, 0, 207, 208, 209]);
  });
});
