import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The project root: where package.json, react-router.config.ts and vite.config.ts live. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The react-router CLI script (its package exports no bin path, so find it beside an exported module). */
export function reactRouterBin(): string {
  const config = createRequire(import.meta.url).resolve('@react-router/dev/config');
  return join(dirname(config), '..', 'bin.js');
}
