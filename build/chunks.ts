/**
 * How the client's JavaScript is cut into files (docs/lighthouse.md, "Page weight", has the plan and its figures):
 * - `framework`: React, React DOM and React Router, which every page runs and which change only with an upgrade;
 * - `shell`: everything the root route imports (header, footer, search field, newsletter form, beacon), which every
 *   page runs too, so one file holds it instead of pieces spread over route chunks;
 * - everything else is left to Rollup: each route module is its own file, and a module that several routes share is
 *   in a file loaded by exactly those routes. Code behind a dynamic import (the search popup, the toasts, the
 *   contact form's client half) stays in files that load on first use.
 * Rollup's experimentalMinChunkSize used to merge small shared chunks into larger ones; it is side-effect safe but
 * not free: the company pages loaded every guide and article block with it, and the budget was left 31 bytes wide.
 */
import type { GetManualChunk } from 'rollup';

/** The packages of the framework chunk (React Router's runtime dependencies included). */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//;

/** Rollup's manualChunks for the site's client build; `root` is the root route module's path. */
export function siteChunks(root: string): GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (FRAMEWORK.test(id)) return 'framework';
    shell ??= staticImports(
      [...getModuleIds()].filter((m) => m.split('?')[0] === root),
      (m) => getModuleInfo(m)?.importedIds ?? [],
    );
    return shell.has(id) && !id.includes('/node_modules/') ? 'shell' : undefined;
  };
}

/** Every module reachable from `from` through static imports, `from` included. */
export function staticImports(from: string[], imports: (id: string) => readonly string[]): Set<string> {
  const seen = new Set(from);
  for (const id of seen) for (const next of imports(id)) seen.add(next);
  return seen;
}
