/**
 * What `vpnsite build` and `vpnsite dev` tell the processes they start (React Router's config, its Vite plugins,
 * the route loaders and the threads that render pages): one JSON job file, named by VPNSITE_BUILD_JOB. Without it
 * (`react-router build` or `react-router dev` run by hand), the site reads data/ as it is.
 *
 * A build also writes the validated content as JSON beside the job (its snapshot), so that the route config, the
 * prerender list and the loaders never parse and validate the YAML again (four full loads per build, most of a
 * 1,000-page build's time, before). The articles, nearly all of the content at scale (68 MB of the JSON at 10,000
 * pages), are kept apart, each its own JSON text with its offsets in an index: a page needs only its own article,
 * and every thread that rendered pages parsed all of them (~0.85 s each, and a heap ~300 MB larger to collect).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content, RouteEntry } from '../../services/content/index.ts';
import type { Article } from '../../services/content/schemas/index.ts';

/** The environment variable that names the job file. */
export const JOB_ENV = 'VPNSITE_BUILD_JOB';

export interface BuildJob {
  /** The content directory, read as it is on every request (dev) or when there is no snapshot. */
  dataDir: string;
  /** Where React Router builds (`client/`, `server/`); its own default (`build/`) without it. */
  buildDirectory?: string;
  /** The directory of the validated content's snapshot (writeSnapshot). */
  snapshot?: string;
  /** `vpnsite dev`: the service that answers /go/, the forms and the health checks beside the dev server. */
  dev?: { serviceUrl?: string };
  /** The public origin for canonical links and the sitemap, instead of site.yaml's url (`--site-url`). */
  siteUrl?: string;
  /**
   * The reviews and articles, rendered on every core (scripts/build/react-router.ts) before React Router's own
   * prerender renders the other pages; without it, React Router prerenders every page itself.
   */
  render?: {
    paths: string[];
    /** Where rendered pages are kept for the next build; none without the cache. */
    cacheDir?: string;
    /** Where the render's RenderReport is written. */
    reportFile: string;
  };
}

/** Writes a job file; the processes started with `{ [JOB_ENV]: file }` in their environment read it. */
export function writeJob(file: string, job: BuildJob): void {
  writeFileSync(file, JSON.stringify(job));
}

let job: BuildJob | null | undefined;

/** This process's job; undefined when it was started without one. */
export function buildJob(): BuildJob | undefined {
  if (job === undefined) {
    const file = process.env[JOB_ENV];
    job = file ? (JSON.parse(readFileSync(file, 'utf8')) as BuildJob) : null;
  }
  return job ?? undefined;
}

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

/** The snapshot's route table. */
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
