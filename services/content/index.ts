/** The content library: load every YAML file under data/, check it, and hand out typed content and routes. */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkFile, fromPortable, portable, readAndCheck, readContentFile, type FileCheck, type PortableCheck } from './check-file.ts';
import { crossCheck, type CheckedFile } from './cross-checks.ts';
import { checkLogos } from './logos.ts';
import { assemble, type Content } from './model.ts';
import { resolveFigures } from './resolve-figures.ts';
import { sortProblems, type Problem } from './problem.ts';
import { routeTable, type RouteEntry } from './routes.ts';
import { stampOf, type CachedCheck, type CheckStore } from './check-cache.ts';
import { listYamlFiles, parseData, printedPath, type SourceFile } from './source.ts';

export type { Content } from './model.ts';
export type { Problem } from './problem.ts';
export type { RouteEntry, RouteKind } from './routes.ts';
export * from './schemas/index.ts';
export * from './figures.ts';
export { LINK_NAMES } from './schemas/common.ts';
export { formatProblem, sortProblems } from './problem.ts';
export type { PortableCheck } from './check-file.ts';
export type { CachedCheck, CheckStore } from './check-cache.ts';
export { ARTICLES_PER_PAGE, findRoute, normalizePath, routesByPath, routeTable, FORM_RESULTS, NOT_FOUND_PATH, NOT_FOUND_PATHS, PARAMETERISED, RESERVED_SLUG, METHOD_PATH, COMPARE_PATH, comparePairs, pairRedirects, pairText, type ComparePair } from './routes.ts';

export interface LoadResult {
  /** Present only when there are no errors. */
  content?: Content;
  routes: RouteEntry[];
  problems: Problem[];
  sources: SourceFile[];
  errorCount: number;
  warningCount: number;
}

export interface LoadOptions {
  /** Today's date (YYYY-MM-DD, UTC) for date checks; defaults to VPNSITE_TODAY or the real date. */
  today?: string;
  /**
   * Where each unchanged file's own checks from the last run are kept (check-cache.ts), as the CLI keeps them; the
   * cross-file rules still run on everything.
   */
  cache?: CheckStore;
  /** Checks the files `validateContent` needs checked, as checkEach does (the CLI spreads them over every core). */
  checkMany?: CheckMany;
}

/** Reads and checks each file, handing back its checks without its data, and the stamp it was read at. */
export type CheckMany = (dataDir: string, rels: string[]) => Promise<{ check: PortableCheck; stamp: string }[]>;

/** CheckMany in this thread: the work each thread of the CLI does with its share of the files. */
export function checkEach(dataDir: string, rels: string[]): { check: PortableCheck; stamp: string }[] {
  return rels.map((rel) => {
    const { check, stamp } = readAndCheck(dataDir, rel);
    return { check: portable(check), stamp };
  });
}

/** Today's date in UTC, overridable with VPNSITE_TODAY for reproducible runs. */
export function today(): string {
  return process.env.VPNSITE_TODAY ?? new Date().toISOString().slice(0, 10);
}

/** A content file in memory: its path relative to the data directory and its text. */
export interface ContentFile {
  rel: string;
  text: string;
}

const missingDir = (dataDir: string): LoadResult => {
  const missing: Problem = { file: dataDir, line: 1, column: 1, pointer: '', severity: 'error', message: 'data directory not found' };
  return { routes: [], problems: [missing], sources: [], errorCount: 1, warningCount: 0 };
};

/**
 * Loads and checks every file under dataDir, reporting every problem in one pass; the content when there are no
 * errors. For the build, the dev server and the service, which need the content itself.
 */
export function loadContent(dataDir: string, opts: LoadOptions = {}): LoadResult {
  if (!existsSync(dataDir)) return missingDir(dataDir);
  const rels = listYamlFiles(dataDir);
  if (!opts.cache) return finish(dataDir, rels.map((rel) => readAndCheck(dataDir, rel).check), opts, true);
  const run = cachedRun(dataDir, rels, true, opts.cache);
  const stamps: string[] = [];
  const checks = rels.map((rel, i) => {
    const hit = run.checks[i];
    // Unchanged and invalid: no data is needed (there is no content to build).
    if (hit && !hit.valid) return hit;
    const read = readContentFile(dataDir, rel);
    // Unchanged and valid: its checks are known, only its data is needed, from the text they were made from.
    if ('text' in read && hit?.source && read.stamp === run.known[i]) {
      hit.source.data = parseData(read.text);
      return hit;
    }
    stamps[i] = read.stamp;
    if ('check' in read) return read.check;
    return checkFile(dataDir, rel, read.text);
  });
  return run.save(finish(dataDir, checks, opts, true), checks, stamps);
}

/**
 * Checks every file under dataDir and reports every problem, without keeping the content (`vpnsite validate`).
 * Unchanged files come from the store unread; the others go to checkMany.
 */
export async function validateContent(dataDir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  if (!existsSync(dataDir)) return missingDir(dataDir);
  const rels = listYamlFiles(dataDir);
  const checkMany = opts.checkMany ?? (async (dir: string, files: string[]) => checkEach(dir, files));
  const run = opts.cache ? cachedRun(dataDir, rels, false, opts.cache) : undefined;
  const missing = rels.flatMap((_, i) => (run?.checks[i] ? [] : [i]));
  const fresh = await checkMany(dataDir, missing.map((i) => rels[i]!));
  const checks: (FileCheck | undefined)[] = run ? [...run.checks] : [];
  const stamps: string[] = [];
  missing.forEach((i, k) => {
    // Kept as another thread's answer is: without the data and the text, which 10,000 files would keep on this heap.
    checks[i] = fromPortable(dataDir, rels[i]!, fresh[k]!.check);
    stamps[i] = fresh[k]!.stamp;
  });
  if (!run) return finish(dataDir, checks as FileCheck[], opts, false);
  return run.save(finish(dataDir, checks as FileCheck[], opts, false), checks as FileCheck[], stamps);
}

/**
 * A run with a store of kept checks: each unchanged file's cached check (undefined for a file to check), and save(),
 * which writes the checks back once the cross-file rules have located their problems, with the stamps of the
 * files checked. With `statAll` false and nothing cached, no file is looked at here: every one is to be checked,
 * and whoever reads it takes its stamp (at 10,000 files, stat-ing them first was ~70 ms before any work began).
 */
function cachedRun(dataDir: string, rels: string[], statAll: boolean, store: CheckStore) {
  const cached = store.read();
  const stamp = (rel: string) => {
    // A file that cannot be stat'ed (a link to a missing file, or one that leads back to itself) has no stamp: it
    // is read, and reported, again.
    try {
      return stampOf(statSync(join(dataDir, rel)));
    } catch {
      return '';
    }
  };
  const known = statAll || cached.size > 0 ? rels.map(stamp) : [];
  const checks = rels.map((rel, i): FileCheck | undefined => {
    const hit = cached.get(rel);
    if (!hit || hit.stamp !== known[i]) return undefined;
    return fromPortable(dataDir, rel, { ...hit, problems: hit.problems.map((p) => ({ file: printedPath(dataDir, rel), ...p })) });
  });
  const hits = checks.filter(Boolean).length;
  const spotsOf = (all: FileCheck[]) => all.reduce((n, c) => n + Object.keys(c.source?.spots ?? {}).length, 0);
  const before = spotsOf(checks.filter((c): c is FileCheck => c !== undefined));
  return {
    checks,
    /** The stamps the cache was looked up by (none when nothing was cached and statAll was false). */
    known,
    save(result: LoadResult, all: FileCheck[], fresh: string[]): LoadResult {
      // Written after the cross-file rules, with the positions they located.
      if (hits === rels.length && fresh.length === 0 && cached.size === rels.length && spotsOf(all) === before) {
        store.touch();
        return result;
      }
      store.write(new Map(rels.map((rel, i) => {
        const { problems, ...rest } = portable(all[i]!);
        const entry: CachedCheck = { stamp: fresh[i] ?? known[i]!, ...rest, problems: problems.map(({ file: _, ...p }) => p) };
        return [rel, entry];
      })));
      return result;
    },
  };
}

/** Checks content given in memory (no I/O but the logo files it names): what loadContent does once the files are read. */
export function checkFiles(dataDir: string, files: ContentFile[], opts: LoadOptions = {}): LoadResult {
  return finish(dataDir, files.map(({ rel, text }) => checkFile(dataDir, rel, text)), opts, true);
}

/** The cross-file rules, over every file's own checks; with `withContent`, the content when there are no errors. */
function finish(dataDir: string, checks: FileCheck[], opts: LoadOptions, withContent: boolean): LoadResult {
  const problems: Problem[] = checks.flatMap((c) => c.problems);
  const sources = checks.flatMap((c) => (c.source ? [c.source] : []));
  // Every file that some kind claims counts for the cross-file rules, errors or not: one with a mistake is still
  // there for the files that refer to it, so that the mistake is reported once, in its own file.
  const known = checks.flatMap((c): CheckedFile[] => (c.source && c.facts ? [{ source: c.source, facts: c.facts }] : []));
  if (!sources.some((s) => s.kind === 'site')) {
    problems.push({ file: join(dataDir, 'site.yaml'), line: 1, column: 1, pointer: '', severity: 'error', message: 'site.yaml is missing' });
  }
  const schemaOk = !problems.some((p) => p.severity === 'error');
  // The route table and the providers, from each file's stub: the same grouping and order as the content.
  const stubs = assemble(known.map((c) => ({ kind: c.source.kind, data: c.facts.stub })));
  let routes: RouteEntry[] = [];
  if (stubs) {
    routes = routeTable(stubs);
    problems.push(...crossCheck(known, stubs, routes, { today: opts.today ?? today() }), ...checkLogos(dataDir, known));
  }
  const sorted = sortProblems(problems);
  const errorCount = sorted.filter((p) => p.severity === 'error').length;
  return {
    content: withContent && schemaOk && errorCount === 0 ? resolveFigures(assemble(sources)!) : undefined,
    routes,
    problems: sorted,
    sources,
    errorCount,
    warningCount: sorted.length - errorCount,
  };
}
