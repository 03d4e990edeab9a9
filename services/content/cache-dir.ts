/** Where validate and build keep their caches: node_modules/.cache/vpnsite, as build tools do, or VPNSITE_CACHE_DIR. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function cacheDir(): string {
  // Beside the installed Ajv: the project's node_modules wherever it is.
  return process.env.VPNSITE_CACHE_DIR || join(dirname(dirname(require.resolve('ajv/package.json'))), '.cache', 'vpnsite');
}

/** Every cache off: VPNSITE_CACHE=0. */
export const cachesOff = (): boolean => process.env.VPNSITE_CACHE === '0';
