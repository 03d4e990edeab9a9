/** The content library: load every YAML file under data/, check it, and hand out typed content and routes. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSchema } from './schema-check.ts';
import { crossCheck } from './cross-checks.ts';
import { assemble, type Content } from './model.ts';
import { sortProblems, type Problem } from './problem.ts';
import { routeTable, type RouteEntry } from './routes.ts';
import { listYamlFiles, parseSource, type SourceFile } from './source.ts';

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
  const files = listYamlFiles(dataDir).map((rel) => ({ rel, text: readFileSync(join(dataDir, rel), 'utf8') }));
  return checkFiles(dataDir, files, opts);
}

/** Checks content given in memory (no I/O): what loadContent does once the files are read. */
export function checkFiles(dataDir: string, files: ContentFile[], opts: LoadOptions = {}): LoadResult {
  const problems: Problem[] = [];
  const sources: SourceFile[] = [];
  // Cross-file rules need whole, schema-valid files; run them on what is valid so one run reports as much as it can.
  const valid: SourceFile[] = [];
  for (const { rel, text } of files) {
    const { source, problems: syntax } = parseSource(dataDir, rel, text);
    problems.push(...syntax);
    if (!source.kind) {
      problems.push({ file: source.file, line: 1, column: 1, pointer: '', severity: 'error', message: 'no content kind lives at this path (see data/README.md)' });
      continue;
    }
    sources.push(source);
    const schemaProblems = checkSchema(source);
    problems.push(...schemaProblems);
    if (source.data !== undefined && schemaProblems.length === 0) valid.push(source);
  }
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
