/** The content library: load every YAML file under data/, check it, and hand out typed content and routes. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkSchema } from './schema-check.ts';
import { crossCheck } from './cross-checks.ts';
import { assemble, type Content } from './model.ts';
import { sortProblems, type Problem } from './problem.ts';
import { routeTable, type RouteEntry } from './routes.ts';
import { cachesOff } from './cache-dir.ts';
import { readParseCache, stampOf, touchParseCache, writeParseCache, type CachedCheck } from './parse-cache.ts';
import { listYamlFiles, parseSource, sourceOf, type SourceFile } from './source.ts';

export type { Content } from './model.ts';
export type { Problem } from './problem.ts';
export type { RouteEntry, RouteKind } from './routes.ts';
export * from './schemas/index.ts';
export { formatProblem, sortProblems } from './problem.ts';
export { findRoute, normalizePath, routesByPath, routeTable, NOT_FOUND_PATH, NOT_FOUND_PATHS, PARAMETERISED, RESERVED_SLUG } from './routes.ts';

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
   * Reuse each unchanged file's own checks from the last run (parse-cache.ts), as the CLI does; the cross-file
   * rules still run on everything. Off unless asked for, and always off with VPNSITE_CACHE=0.
   */
  cache?: boolean;
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

/** Loads and checks every file under dataDir, reporting every problem in one pass. */
export function loadContent(dataDir: string, opts: LoadOptions = {}): LoadResult {
  if (!existsSync(dataDir)) {
    const missing: Problem = { file: dataDir, line: 1, column: 1, pointer: '', severity: 'error', message: 'data directory not found' };
    return { routes: [], problems: [missing], sources: [], errorCount: 1, warningCount: 0 };
  }
  const rels = listYamlFiles(dataDir);
  if (!opts.cache || cachesOff()) return checkFiles(dataDir, rels.map((rel) => ({ rel, text: readFileSync(join(dataDir, rel), 'utf8') })), opts);

  const cached = readParseCache(dataDir);
  const next = new Map<string, CachedCheck>();
  let changed = cached.size !== rels.length;
  const checks = rels.map((rel): FileCheck => {
    const path = join(dataDir, rel);
    const stamp = stampOf(statSync(path));
    const hit = cached.get(rel);
    if (hit?.stamp === stamp) {
      next.set(rel, hit);
      const source = sourceOf(dataDir, rel, hit.data, hit.spots);
      return { source: source.kind ? source : undefined, problems: hit.problems.map((p) => ({ file: source.file, ...p })), valid: hit.valid };
    }
    changed = true;
    const check = checkFile(dataDir, rel, readFileSync(path, 'utf8'));
    const spots = {};
    if (check.source) check.source.spots = spots;
    next.set(rel, { stamp, data: check.source?.data, problems: check.problems.map(({ file: _, ...p }) => p), valid: check.valid, spots });
    return check;
  });
  const located = () => checks.reduce((n, c) => n + (c.source?.spots ? Object.keys(c.source.spots).length : 0), 0);
  const before = located();
  const result = finish(dataDir, checks, opts);
  // Written after the cross-file rules, with the positions they located.
  if (changed || located() !== before) writeParseCache(dataDir, next);
  else touchParseCache(dataDir);
  return result;
}

/** One file's own checks: that it parses, that some kind of content lives at its path, and its schema. */
interface FileCheck {
  /** Undefined for a file at a path no kind claims. */
  source: SourceFile | undefined;
  problems: Problem[];
  /** Parsed and schema-valid: the cross-file rules read it. */
  valid: boolean;
}

function checkFile(dataDir: string, rel: string, text: string): FileCheck {
  const { source, problems } = parseSource(dataDir, rel, text);
  if (!source.kind) {
    problems.push({ file: source.file, line: 1, column: 1, pointer: '', severity: 'error', message: 'no content kind lives at this path (see data/README.md)' });
    return { source: undefined, problems, valid: false };
  }
  const schemaProblems = checkSchema(source);
  problems.push(...schemaProblems);
  return { source, problems, valid: source.data !== undefined && schemaProblems.length === 0 };
}

/** Checks content given in memory (no I/O): what loadContent does once the files are read. */
export function checkFiles(dataDir: string, files: ContentFile[], opts: LoadOptions = {}): LoadResult {
  return finish(dataDir, files.map(({ rel, text }) => checkFile(dataDir, rel, text)), opts);
}

/** The cross-file rules, over every file's own checks. */
function finish(dataDir: string, checks: FileCheck[], opts: LoadOptions): LoadResult {
  const problems: Problem[] = checks.flatMap((c) => c.problems);
  const sources = checks.flatMap((c) => (c.source ? [c.source] : []));
  // Cross-file rules need whole, schema-valid files; run them on what is valid so one run reports as much as it can.
  const valid = checks.flatMap((c) => (c.valid && c.source ? [c.source] : []));
  if (!sources.some((s) => s.kind === 'site')) {
    problems.push({ file: join(dataDir, 'site.yaml'), line: 1, column: 1, pointer: '', severity: 'error', message: 'site.yaml is missing' });
  }
  const schemaOk = !problems.some((p) => p.severity === 'error');
  const assembled = assemble(valid);
  let routes: RouteEntry[] = [];
  if (assembled) {
    routes = routeTable(assembled);
    problems.push(...crossCheck(valid, assembled, routes, { today: opts.today ?? today() }));
  }
  const sorted = sortProblems(problems);
  const errorCount = sorted.filter((p) => p.severity === 'error').length;
  return {
    content: schemaOk && errorCount === 0 ? assembled : undefined,
    routes,
    problems: sorted,
    sources,
    errorCount,
    warningCount: sorted.length - errorCount,
  };
}
