/** The content library: load every YAML file under data/, check it, and hand out typed content and routes. */
import { existsSync } from 'node:fs';
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
export { findRoute, routeTable, NOT_FOUND_PATH } from './routes.ts';

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

/** Loads and checks every file under dataDir, reporting every problem in one pass. */
export function loadContent(dataDir: string, opts: LoadOptions = {}): LoadResult {
  const problems: Problem[] = [];
  const sources: SourceFile[] = [];
  // Cross-file rules need whole, schema-valid files; run them on what is valid so one run reports as much as it can.
  const valid: SourceFile[] = [];
  if (!existsSync(dataDir)) {
    problems.push({ file: dataDir, line: 1, column: 1, pointer: '', severity: 'error', message: 'data directory not found' });
  } else {
    for (const rel of listYamlFiles(dataDir)) {
      const { source, problems: syntax } = parseSource(dataDir, rel);
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
      problems.push({ file: `${dataDir}/site.yaml`, line: 1, column: 1, pointer: '', severity: 'error', message: 'site.yaml is missing' });
    }
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
