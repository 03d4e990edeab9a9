/** Writes sitemap.xml and robots.txt into a finished build, then runs the integrity checks and page-weight budgets on it. */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Content, RouteEntry } from '../../services/content/index.ts';
import { checkBudgets, gzipSize, gzipSizer, pageWeights, type Weight } from './budget.ts';
import { routeOfFile, scanPage, type PageScan } from './html-scan.ts';
import { checkIntegrity, type BuildProblem } from './integrity.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

export interface VerifyResult {
  problems: BuildProblem[];
  weights: Weight[];
}

/**
 * gzip sizes of pages by a hash of their bytes, kept between builds (beside the page cache): compressing every page
 * at level 9 was the largest part of the checks, and a rebuild after a small change compresses the same bytes again.
 */
class GzipSizes {
  private readonly known: Map<string, number>;
  private readonly used = new Map<string, number>();

  constructor(private readonly file: string | undefined) {
    let known: [string, number][] = [];
    try {
      if (file) known = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>);
    } catch {
      // None yet, or unreadable: compress everything.
    }
    this.known = new Map(known);
  }

  async size(bytes: Buffer): Promise<number> {
    const key = createHash('sha1').update(bytes).digest('base64');
    const n = this.known.get(key) ?? (await gzipSize(bytes));
    this.used.set(key, n);
    return n;
  }

  /** Keeps this build's sizes only. */
  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(Object.fromEntries(this.used)));
      renameSync(tmp, this.file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }
}

/** Reads and scans every page, a few at a time so that their gzip runs in parallel; keeps no page's HTML. */
async function scanPages(dir: string, files: string[], sizes: GzipSizes): Promise<Map<string, { html: number; scan: PageScan }>> {
  const html = files.filter((f) => f.endsWith('.html'));
  const scanned: { html: number; scan: PageScan }[] = new Array(html.length);
  // Every page inlines the same stylesheet: hold its text once, not once per page (300 MB at 10,000 pages).
  const styles = new Map<string, string>();
  const intern = (css: string) => styles.get(css) ?? (styles.set(css, css), css);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < html.length) {
        const i = next++;
        const bytes = await readFile(join(dir, html[i]!));
        const scan = scanPage(bytes.toString('utf8'));
        // The checks read links, head tags and assets; the inline scripts (hydration data) are left behind. The
        // clone copies the strings kept: V8's substrings point into the page they came from, so hrefs and titles
        // kept every page's whole HTML alive (3 GB at 10,000 pages, with garbage collection over it all the time).
        const slim = structuredClone({ ...scan, styles: [], inlineScripts: [], jsonLd: [] });
        scanned[i] = { html: await sizes.size(bytes), scan: { ...slim, styles: scan.styles.map(intern) } };
      }
    }),
  );
  return new Map(html.map((f, i) => [routeOfFile(f), scanned[i]!]));
}

/** `files` are the output's files relative to `dir`; `gzipCache` is a file that keeps pages' gzip sizes for the next build. */
export async function verifyOutput(dir: string, files: string[], content: Content, routes: RouteEntry[], opts: { origin: string; today: string; gzipCache?: string }): Promise<VerifyResult> {
  writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(routes, opts.origin));
  writeFileSync(join(dir, 'robots.txt'), robotsTxt(opts.origin));
  const sizes = new GzipSizes(opts.gzipCache);
  const pages = await scanPages(dir, files, sizes);
  sizes.save();
  const problems = checkIntegrity({
    pages: new Map([...pages].map(([p, v]) => [p, v.scan])),
    files: new Set(['/sitemap.xml', '/robots.txt', ...files.map((f) => `/${f}`)]),
    providers: new Set(content.providers.map((p) => p.slug)),
    updated: new Map(routes.map((r) => [r.path, r.updated])),
    today: opts.today,
  });
  const weights = pageWeights(pages, gzipSizer((p) => readFileSync(join(dir, p))));
  problems.push(...checkBudgets(weights, content.site.budgets));
  return { problems, weights };
}
