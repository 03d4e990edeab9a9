/** Writes sitemap.xml, robots.txt and _redirects into a finished build, then runs the integrity checks and page-weight budgets on it. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairRedirects, type Content, type RouteEntry } from '../../services/content/index.ts';
import { checkBudgets, checkIslandBudgets, gzipSizer, pageWeights, type Weight } from './budget.ts';
import type { BuiltIslands } from './islands.ts';
import type { FinishedPage } from './finish-pages.ts';
import { checkIntegrity, type BuildProblem } from './integrity.ts';
import { redirectsFile, robotsTxt, sitemapXml } from './sitemap.ts';

export interface VerifyResult {
  problems: BuildProblem[];
  weights: Weight[];
}

/** `files` are the output's files relative to `dir`; `pages` what finish-pages.ts kept of its pages, by route. */
export function verifyOutput(
  dir: string,
  files: string[],
  pages: Map<string, FinishedPage>,
  content: Content,
  routes: RouteEntry[],
  opts: { origin: string; today: string; islands?: Pick<BuiltIslands, 'bootstrap' | 'bytes'> },
): VerifyResult {
  writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(routes, opts.origin));
  writeFileSync(join(dir, 'robots.txt'), robotsTxt(opts.origin));
  writeFileSync(
    join(dir, '_redirects'),
    redirectsFile(content.comparison ? pairRedirects(content.providers, content.comparison.pairs.limit) : []),
  );
  const problems = checkIntegrity({
    pages: new Map([...pages].map(([p, v]) => [p, v.scan])),
    files: new Set(['/sitemap.xml', '/robots.txt', '/_redirects', ...files.map((f) => `/${f}`)]),
    providers: new Set(content.providers.map((p) => p.slug)),
    updated: new Map(routes.map((r) => [r.path, r.updated])),
    today: opts.today,
  });
  const weights = pageWeights(
    pages,
    gzipSizer((p) => readFileSync(join(dir, p))),
  );
  problems.push(...checkBudgets(weights, content.site.budgets));
  if (opts.islands) problems.push(...checkIslandBudgets(opts.islands.bootstrap, opts.islands.bytes, content.site.budgets));
  return { problems, weights };
}
