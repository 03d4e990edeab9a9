/**
 * What `vpnsite build` and `vpnsite dev` tell the processes they start (React Router's config, its Vite plugins,
 * the route loaders and the threads that render pages): one JSON job file, named by VPNSITE_BUILD_JOB. Without it
 * (`react-router build` or `react-router dev` run by hand), the site reads data/ as it is.
 *
 * A build also writes the validated content as JSON beside the job (its snapshot), so that the route config, the
 * prerender list and the loaders never parse and validate the YAML again (four full loads per build, most of a
 * 1,000-page build's time, before). The articles, nearly all of the content at scale (68 MB of the JSON at 10,000
 * pages), are kept apart, a JSON file each: a page needs only its own article, and every thread that rendered pages
 * parsed all of them (~0.85 s each, and a heap ~300 MB larger to collect).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /**
   * `vpnsite dev`: the service that answers /go/, the forms and the health checks beside the dev server; or why
   * there is none, when those paths answer 503.
   */
  dev?: { serviceUrl?: string; serviceOff?: string; editorUrl?: string };
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
const ARTICLES = 'articles';

/**
 * Writes the route table, the content without its articles, and each article into `dir` (separately: the route
 * config needs only the table, and a page only its own article).
 */
export function writeSnapshot(dir: string, content: Content, routes: RouteEntry[]): void {
  writeFileSync(join(dir, ROUTES), JSON.stringify(routes));
  writeFileSync(join(dir, CONTENT), JSON.stringify({ ...content, articles: [] } satisfies Content));
  mkdirSync(join(dir, ARTICLES));
  // A slug is lower-case letters, digits and hyphens (the article schema): a safe file name.
  for (const article of content.articles) writeFileSync(join(dir, ARTICLES, `${article.slug}.json`), JSON.stringify(article));
}

/** The snapshot's route table. */
export const readSnapshotRoutes = (dir: string): RouteEntry[] => JSON.parse(readFileSync(join(dir, ROUTES), 'utf8')) as RouteEntry[];

/** The content without its articles (readSnapshotArticles gives those one at a time). */
export const readSnapshotContent = (dir: string): Content => JSON.parse(readFileSync(join(dir, CONTENT), 'utf8')) as Content;

/** Looks an article up by slug (from the route table), reading only that article; undefined for one not there. */
export function readSnapshotArticles(dir: string): (slug: string) => Article | undefined {
  return (slug) => {
    try {
      return JSON.parse(readFileSync(join(dir, ARTICLES, `${slug}.json`), 'utf8')) as Article;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  };
}
