/**
 * Content for route loaders (build time only: loaders never ship to the browser). A build reads the snapshot of the
 * content it validated (build-job.ts); otherwise, as under `vpnsite dev`, the content directory is loaded and
 * validated again whenever a file in it changed, so an edited YAML file shows on reload.
 */
import {
  formatProblem,
  loadContent,
  newestFirst,
  NOT_FOUND_PATHS,
  publishedOn,
  readingMinutes,
  type Article,
  type Content,
  type Provider,
  type RouteEntry,
} from '../../services/content/index.ts';
import type { ArticleCard as ArticleCardFields } from '../components/blocks/context';
import { contentStamp, loadFreshContent } from '../../services/content/fresh.ts';
import { logoDataUrl } from '../../services/content/logos.ts';
import { buildJob, readSnapshotArticles, readSnapshotContent, readSnapshotRoutes } from './build-job.ts';
import { dataDir } from './route-table.ts';

/** The content, with the indexes loaders look pages up in. */
export interface ContentIndex {
  /** Everything but the articles, which are looked up one at a time (a build parses only those it renders). */
  content: Omit<Content, 'articles'>;
  routes: RouteEntry[];
  byPath: ReadonlyMap<string, RouteEntry>;
  providers: ReadonlyMap<string, Provider>;
  article(slug: string): Article | undefined;
}

let cache: (ContentIndex & { stamp: string }) | undefined;

const stamp = (dir: string): string => (buildJob()?.snapshot ? 'snapshot' : contentStamp(dir));

/**
 * In the content the loaders see, `logoSvg` is the logo itself, as a data: URL for an <img> (the YAML names a file
 * in data/logos/), so a page shows it without another request.
 */
function withLogos(content: Omit<Content, 'articles'>, dir: string): Omit<Content, 'articles'> {
  const url = (name: string | undefined) => (name === undefined ? undefined : logoDataUrl(dir, name));
  return {
    ...content,
    site: { ...content.site, brand: { ...content.site.brand, logoSvg: url(content.site.brand.logoSvg) } },
    providers: content.providers.map((p) => ({ ...p, logoSvg: url(p.logoSvg) })),
  };
}

/** The build's snapshot of the validated content (vpnsite build), or the content directory loaded and validated. */
function load(dir: string): Pick<ContentIndex, 'content' | 'routes' | 'article'> {
  const snapshot = buildJob()?.snapshot;
  if (snapshot)
    return { content: readSnapshotContent(snapshot), routes: readSnapshotRoutes(snapshot), article: readSnapshotArticles(snapshot) };
  // `vpnsite dev` shares one load per change with the dev server's plugin, and shows drafts.
  const result = buildJob()?.dev ? loadFreshContent(dir, { preview: true }) : loadContent(dir);
  if (!result.content) {
    const errors = result.problems.filter((p) => p.severity === 'error').map(formatProblem);
    throw new ContentError(`content has ${errors.length} error(s):\n${errors.join('\n')}`);
  }
  const articles = new Map(result.content.articles.map((a) => [a.slug, a]));
  return { content: result.content, routes: result.routes, article: (slug) => articles.get(slug) };
}

/** The validated content; throws with every error listed when the content is invalid. */
export function getContent(): ContentIndex {
  const dir = dataDir();
  const now = stamp(dir);
  if (!cache || cache.stamp !== now) {
    const loaded = load(dir);
    const { routes, article } = loaded;
    const content = withLogos(loaded.content, dir);
    // --site-url overrides site.yaml's origin for canonical links and the sitemap.
    const siteUrl = buildJob()?.siteUrl;
    if (siteUrl) content.site = { ...content.site, url: siteUrl.replace(/\/$/, '') };
    // Every prerendered page looks its route and its content up: maps keep that constant-time however many pages there are.
    cache = {
      content,
      routes,
      byPath: new Map(routes.map((r) => [r.path, r])),
      providers: new Map(content.providers.map((p) => [p.slug, p])),
      article,
      stamp: now,
    };
  }
  return cache;
}

/**
 * A loader's page path, from the `url` React Router gives it: the location without its data-request details (the
 * `.data` suffix, which `request.url` keeps), and without a trailing slash.
 */
const pathOf = (url: URL) => url.pathname.replace(/(.)\/$/, '$1');

/**
 * Whether the location is a not-found page under a parameterised prefix (`/articles/404`). Those are
 * prerendered through the parameterised route itself so that, served for an unknown slug, the page hydrates
 * with the same route the browser's router matches there.
 */
export function isNotFoundPage(url: URL): boolean {
  return NOT_FOUND_PATHS.includes(pathOf(url));
}

/** The route entry for a loader's location, so the loader knows which content it renders. */
export function routeFor(url: URL): RouteEntry {
  const entry = getContent().byPath.get(pathOf(url));
  if (!entry) throw new Response('Not Found', { status: 404 });
  return entry;
}

/** The named fields of a record, in the order named: a loader ships only what its page shows. */
export function fieldsOf<T, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, record[k]])) as Pick<T, K>;
}

/** The fields that name a provider on a page: its slug, name, logo and rating. */
export const NAMED = ['slug', 'name', 'logo', 'logoSvg', 'rating'] as const;

/**
 * A page's breadcrumb trail: the home page under the brand's name, then the crumbs given, the last one this page. The
 * page shows it and its structured data repeats it, so both come from this one list.
 */
export function trailTo(...crumbs: { name: string; path: string }[]): { name: string; path: string }[] {
  return [{ name: getContent().content.site.brand.name, path: '/' }, ...crumbs];
}

export { today } from '../../services/content/index.ts';

export type { ArticleCardFields };

let cards: { of: ContentIndex; list: ArticleCardFields[] } | undefined;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Every article's index-card fields, newest first. Each article is parsed once per content and only its card is
 * kept: every page of the index reads the list, and at 10,000 articles parsing them all for each page was most of a
 * build.
 */
export function articleCardList(): ArticleCardFields[] {
  const index = getContent();
  if (cards?.of !== index) {
    const authors = new Map((index.content.authors?.authors ?? []).map((a) => [a.id, a.name]));
    const list = index.routes.flatMap((r) => {
      if (r.kind !== 'article' || !r.slug) return [];
      const article = index.article(r.slug)!;
      const { slug, title, category, summary } = article;
      const published = publishedOn(article);
      const author = article.author === undefined ? undefined : authors.get(article.author);
      return [
        {
          slug,
          title,
          category,
          summary,
          published,
          publishedLabel: dayLabel(published),
          minutes: readingMinutes(article.blocks),
          ...(author ? { author } : {}),
        },
      ];
    });
    cards = { of: index, list: newestFirst(list) };
  }
  return cards.list;
}

/** The content has errors: `vpnsite dev` has printed each one and shows them over the page, and a build never starts. */
export class ContentError extends Error {}
