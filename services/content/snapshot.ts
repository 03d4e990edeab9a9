/**
 * The validated content as JSON, written once by `vpnsite build` for the React Router build it starts. Without it
 * the route config, the prerender list and the loaders each parsed and validated every YAML file again (four
 * full loads per build, most of a 1,000-page build's time); reading the snapshot is one JSON.parse.
 *
 * The articles, nearly all of the content at scale (68 MB of the JSON at 10,000 pages), are kept apart, each its
 * own JSON text with its offsets in an index: every process that rendered pages parsed all of them (~0.85 s each,
 * three processes, and a heap ~300 MB larger for the garbage collector to go over while rendering), while an
 * article's page needs only that article. A process now parses only the articles it renders, when it renders them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from './model.ts';
import type { RouteEntry } from './routes.ts';
import type { Article } from './schemas/index.ts';

/** The environment variable naming the snapshot's directory. */
export const SNAPSHOT_ENV = 'VPNSITE_CONTENT_SNAPSHOT';

const ROUTES = 'routes.json';
const CONTENT = 'content.json';
const ARTICLES = 'articles.json';
const ARTICLE_INDEX = 'article-index.json';

/**
 * Writes the route table, the content without its articles, and the articles with their index into `dir`
 * (separately: the route config needs only the table, and a page only its own article).
 */
export function writeSnapshot(dir: string, content: Content, routes: RouteEntry[]): void {
  writeFileSync(join(dir, ROUTES), JSON.stringify(routes));
  writeFileSync(join(dir, CONTENT), JSON.stringify({ ...content, articles: [] } satisfies Content));
  const texts: string[] = [];
  const index: Record<string, [start: number, end: number]> = {};
  let at = 0;
  for (const article of content.articles) {
    const text = JSON.stringify(article);
    index[article.slug] = [at, at + text.length];
    texts.push(text);
    at += text.length;
  }
  writeFileSync(join(dir, ARTICLES), texts.join(''));
  writeFileSync(join(dir, ARTICLE_INDEX), JSON.stringify(index));
}

/** The snapshot's directory when this process was given one. */
export const snapshotDir = (): string | undefined => process.env[SNAPSHOT_ENV] || undefined;

export const readSnapshotRoutes = (dir: string): RouteEntry[] => JSON.parse(readFileSync(join(dir, ROUTES), 'utf8')) as RouteEntry[];

/** The content without its articles (readSnapshotArticles gives those one at a time). */
export const readSnapshotContent = (dir: string): Content => JSON.parse(readFileSync(join(dir, CONTENT), 'utf8')) as Content;

/** Looks an article up by slug, parsing only that article (the file is read on the first look-up). */
export function readSnapshotArticles(dir: string): (slug: string) => Article | undefined {
  let text: string | undefined;
  let index: Record<string, [number, number]> | undefined;
  return (slug) => {
    index ??= JSON.parse(readFileSync(join(dir, ARTICLE_INDEX), 'utf8')) as Record<string, [number, number]>;
    const at = Object.hasOwn(index, slug) ? index[slug] : undefined;
    if (!at) return undefined;
    text ??= readFileSync(join(dir, ARTICLES), 'utf8');
    return JSON.parse(text.slice(at[0], at[1])) as Article;
  };
}
