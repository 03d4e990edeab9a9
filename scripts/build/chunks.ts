/**
 * How the client's JavaScript is cut into files (docs/lighthouse.md, "Page weight", has the plan and its figures):
 * - `framework`: React, React DOM and React Router, which every page runs and which change only with an upgrade;
 * - `shell`: everything the root route imports (header, footer, search field, newsletter form, beacon), which every
 *   page runs too, so one file holds it instead of pieces spread over route chunks;
 * - everything else is left to the bundler: each route module is its own file, and a module that several routes
 *   share is in a file loaded by exactly those routes. Code behind a dynamic import (the search popup, the toasts,
 *   the contact form's client half) stays in files that load on first use.
 */
import type { Rolldown } from 'vite';

/** The packages of the framework chunk (React Router's runtime dependencies included). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The client build's code splitting; `root` is the root route module's path. The bundler offers the shell group
 * every module (`test`) before it asks for any module's chunk (`name`); the first answer finds the root's modules
 * (the module and its route chunks, `root.tsx?route-chunk=…`) among those offered and follows their static imports.
 */
export function siteChunks(root: string): Rolldown.CodeSplittingOptions {
  const offered: string[] = [];
  let shell: Set<string> | undefined;
  const shellName: Rolldown.CodeSplittingNameFunction = (id, graph) => {
    shell ??= staticImports(
      offered.filter((m) => m.split('?')[0] === root),
      (m) => graph.getModuleInfo(m)?.importedIds ?? [],
    );
    return shell.has(id) && !id.includes('/node_modules/') ? 'shell' : null;
  };
  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 2 },
      {
        name: shellName,
        test: (id) => {
          offered.push(id);
          return true;
        },
        priority: 1,
      },
    ],
  };
}

/** Every module reachable from `from` through static imports, `from` included. */
export function staticImports(from: string[], imports: (id: string) => readonly string[]): Set<string> {
  const seen = new Set(from);
  for (const id of seen) for (const next of imports(id)) seen.add(next);
  return seen;
}
