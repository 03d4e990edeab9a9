// @ts-check
/**
 * Makes a new embedded database cluster (initdb) in the directory given as the argument, then exits. It runs as a
 * process of its own: initdb grows PGlite's WebAssembly memory to several hundred megabytes, which a process never
 * gives back while it lives (not even when the worker thread that held it ends), so the service, which opens the
 * cluster only afterwards, never holds it. Exits 0 once the cluster is made, 1 with the error on stderr.
 */
import { PGlite } from '@electric-sql/pglite';
import { START_PARAMS } from './pglite-params.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: pglite-init.mjs DIR');
  process.exit(2);
}
// The cluster holds subscriber addresses: only its owner may read what is written here.
process.umask(0o077);
try {
  const db = await PGlite.create(dir, { startParams: START_PARAMS });
  await db.close();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
