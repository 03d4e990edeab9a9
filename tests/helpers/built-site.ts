/** The e2e site's built files, read from its dist directory: HTML is checked by parsing them, not in a browser. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** A route's prerendered page in the built site, as the service sends it. */
export function builtPage(path: string): string {
  const dist = inject('distDir');
  const file = [join(dist, path, 'index.html'), join(dist, `${path}.html`)].find((f) => existsSync(f));
  if (!file) throw new Error(`${path} has no built page`);
  return readFileSync(file, 'utf8');
}
