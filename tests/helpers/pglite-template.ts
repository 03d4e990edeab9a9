/**
 * An empty PGlite cluster made once per run, copied wherever a test needs a fresh embedded database. Making a cluster
 * runs initdb inside WebAssembly, about 7–10 s of CPU; opening a copy of one costs about 2.5 s. The copy is what the
 * service would find on its second start, so nothing it checks is skipped but the first initdb, which the embedded
 * database's own tests still run from an empty directory.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** For a global setup: makes the cluster under `root` and returns its directory. */
export async function makePgliteTemplate(root: string): Promise<string> {
  const dir = join(root, 'pglite-template');
  const db = new PGlite(dir);
  await db.waitReady;
  await db.close();
  return dir;
}

/** A new directory holding a copy of the run's empty cluster, for PGLITE_DIR or `pgliteDir`. */
export function freshPgliteDir(prefix = 'vpnsite-pglite-'): string {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'pglite');
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}
