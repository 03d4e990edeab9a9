/** The content library: load every YAML file under data/, check it, and hand out typed content and routes. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkFile, fromPortable, portable, readAndCheck, type FileCheck, type PortableCheck } from './check-file.ts';
import type { CheckedFile } from './checked-file.ts';
import { crossCheck, type ProviderStub } from './cross-checks.ts';
import { checkLogos } from './logos.ts';
import { assemble, type Content } from './model.ts';
import { filler, resolveFigures } from './resolve-figures.ts';
import { sortProblems, type Problem } from './problem.ts';
import { contentSchedule, draftProviders, offSitePages, onSite, publishingNow, type ScheduledChange } from './publishing.ts';
import { routeTable, type RouteEntry } from './routes.ts';
import { listYamlFiles, type SourceFile } from './source.ts';

export type { Content } from './model.ts';
export type { Problem } from './problem.ts';
export type { RouteEntry, RouteKind } from './routes.ts';
export * from './schemas/index.ts';
export * from './figures.ts';
export * from './figure-format.ts';
export { LINK_NAMES } from './schemas/common.ts';
export { formatProblem, sortProblems } from './problem.ts';
export { checkFile, type FileCheck, type PortableCheck } from './check-file.ts';
export {
  publishingNow,
  SCHEDULE_FILE,
  standing,
  standingText,
  type ScheduleRecord,
  type ScheduledChange,
  type Standing,
} from './publishing.ts';
export { newestFirst, publishedOn, readingMinutes } from './article-facts.ts';
export {
  ARTICLES_PER_PAGE,
  findRoute,
  normalizePath,
  routesByPath,
  routeTable,
  FORM_RESULTS,
  NOT_FOUND_PATH,
  NOT_FOUND_PATHS,
  PARAMETERISED,
  RESERVED_SLUG,
  METHOD_PATH,
  COMPARE_PATH,
  comparePairs,
  pairRedirects,
  pairText,
  ranked,
  type ComparePair,
} from './routes.ts';

export interface LoadResult {
  /** Present only when there are no errors. */
  content?: Content;
  routes: RouteEntry[];
  /** What will publish or expire after the moment the content was judged at, soonest first. */
  schedule: ScheduledChange[];
  problems: Problem[];
  sources: SourceFile[];
  errorCount: number;
  warningCount: number;
}

export interface LoadOptions {
  /** Today's date (YYYY-MM-DD, UTC) for date checks; defaults to VPNSITE_TODAY or the real date. */
  today?: string;
  /**
   * `vpnsite dev`: drafts and pages outside their publishing window are kept (and marked), so an editor sees them.
   * The problems are the same either way: what `vpnsite validate` reports.
   */
  preview?: boolean;
  /** The moment (ISO 8601) drafts and publishing times are judged at; defaults to VPNSITE_NOW or the real time. */
  now?: string;
}

/** Reads and checks each file, handing back its checks without its data. */
export const checkEach = (dataDir: string, rels: string[]): PortableCheck[] => rels.map((rel) => portable(readAndCheck(dataDir, rel)));

/**
 * The build's day in UTC, which dates on the site are judged by (ended offers, old prices): VPNSITE_TODAY, else the
 * day of the publishing moment (VPNSITE_NOW or the real time), so that one setting reproduces a whole build.
 */
export function today(): string {
  return process.env.VPNSITE_TODAY ?? publishingNow().slice(0, 10);
}

/** A content file in memory: its path relative to the data directory and its text. */
export interface ContentFile {
  rel: string;
  text: string;
}

const missingDir = (dataDir: string): LoadResult => {
  const missing: Problem = { file: dataDir, line: 1, column: 1, pointer: '', severity: 'error', message: 'data directory not found' };
  return { routes: [], schedule: [], problems: [missing], sources: [], errorCount: 1, warningCount: 0 };
};

/**
 * Loads and checks every file under dataDir, reporting every problem in one pass; the content when there are no
 * errors. For the build, the dev server and the service, which need the content itself.
 */
export function loadContent(dataDir: string, opts: LoadOptions = {}): LoadResult {
  if (!existsSync(dataDir)) return missingDir(dataDir);
  return finish(
    dataDir,
    listYamlFiles(dataDir).map((rel) => readAndCheck(dataDir, rel)),
    opts,
    true,
  );
}

/** Checks every file under dataDir and reports every problem, without keeping the content (`vpnsite validate`). */
export async function validateContent(dataDir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  if (!existsSync(dataDir)) return missingDir(dataDir);
  const rels = listYamlFiles(dataDir);
  const checks = checkEach(dataDir, rels);
  // Kept without the data and the text, which 10,000 files would keep on this heap.
  return finish(
    dataDir,
    checks.map((check, i) => fromPortable(dataDir, rels[i]!, check)),
    opts,
    false,
  );
}

/** Checks content given in memory (no I/O but the logo files it names): what loadContent does once the files are read. */
export function checkFiles(dataDir: string, files: ContentFile[], opts: LoadOptions = {}): LoadResult {
  return finish(
    dataDir,
    files.map(({ rel, text }) => checkFile(dataDir, rel, text)),
    opts,
    true,
  );
}

/**
 * The cross-file rules over file checks the caller keeps between runs (checkFile's): what checkFiles does, for a
 * caller that checks again only the files that changed, as the browser editor does at every keystroke.
 */
export function checkKept(dataDir: string, checks: FileCheck[], opts: LoadOptions = {}): LoadResult {
  return finish(dataDir, checks, opts, true);
}

/** The cross-file rules, over every file's own checks; with `withContent`, the content when there are no errors. */
function finish(dataDir: string, checks: FileCheck[], opts: LoadOptions, withContent: boolean): LoadResult {
  const problems: Problem[] = checks.flatMap((c) => c.problems);
  const sources = checks.flatMap((c) => (c.source ? [c.source] : []));
  // Every file that some kind claims counts for the cross-file rules, errors or not: one with a mistake is still
  // there for the files that refer to it, so that the mistake is reported once, in its own file.
  const known = checks.flatMap((c): CheckedFile[] => (c.source && c.facts ? [{ source: c.source, facts: c.facts }] : []));
  if (!sources.some((s) => s.kind === 'site')) {
    problems.push({
      file: join(dataDir, 'site.yaml'),
      line: 1,
      column: 1,
      pointer: '',
      severity: 'error',
      message: 'site.yaml is missing',
    });
  }
  const schemaOk = !problems.some((p) => p.severity === 'error');
  // The route table and the providers, from each file's stub: the same grouping and order as the content.
  const stubs = assemble(known.map((c) => ({ kind: c.source.kind, data: c.facts.stub, rel: c.source.rel })));
  let routes: RouteEntry[] = [];
  let schedule: ScheduledChange[] = [];
  const now = publishingNow(opts.now);
  if (stubs) {
    // Links are judged against the pages on the site, in dev as in a build: a link to a draft is an error in both.
    const live = onSite(stubs, now);
    const liveRoutes = routeTable(live);
    routes = opts.preview ? routeTable(stubs) : liveRoutes;
    schedule = contentSchedule(stubs, now);
    problems.push(
      ...crossCheck(known, live, liveRoutes, {
        today: opts.today ?? today(),
        offSite: offSitePages(stubs, now),
        drafts: draftProviders(stubs) as unknown as ReadonlyMap<string, ProviderStub>,
      }),
      ...checkLogos(dataDir, known),
    );
  }
  const sorted = sortProblems(problems);
  const errorCount = sorted.filter((p) => p.severity === 'error').length;
  const buildYear = Number((opts.today ?? today()).slice(0, 4));
  // What is not on the site is left out before figures are filled in: a draft provider's discount is no offer yet.
  const shown = withContent && schemaOk && errorCount === 0 ? onSite(assemble(sources)!, now, opts.preview) : undefined;
  const content = shown && resolveFigures(shown, buildYear);
  const fillRoute = shown ? filler(shown, buildYear) : <T>(v: T) => v;
  return {
    content,
    // A page's title and description in the route table quote figures as its page does ("Since {{site.founded}}").
    routes: content ? routes.map((r) => ({ ...r, ...fillRoute({ title: r.title, description: r.description }) })) : routes,
    schedule,
    problems: sorted,
    sources,
    errorCount,
    warningCount: sorted.length - errorCount,
  };
}
