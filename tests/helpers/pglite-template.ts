/**
 * A PGlite cluster made and migrated once per run, copied wherever a test needs a fresh embedded database. Making a
 * cluster runs initdb inside WebAssembly, about 7–10 s of CPU, and migrating it about 2 s more; opening a copy of a
 * migrated one costs about 2.5 s. The copy is what the service finds on its second start, so nothing it checks is
 * skipped but the first initdb and migrations, which the embedded database's own tests still run from an empty
 * directory, and which a copy of the empty cluster (`emptyPgliteDir`) still runs.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from '../../services/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: { empty: string; migrated: string };
  }
}

/** For a global setup: makes the empty and the migrated cluster under `root` and provides them to the tests. */
export async function providePgliteTemplates(project: TestProject, root: string): Promise<{ empty: string; migrated: string }> {
  const empty = join(root, 'pglite-empty');
  const made = new PGlite(empty);
  await made.waitReady;
  await made.close();
  const migrated = join(root, 'pglite-migrated');
  cpSync(empty, migrated, { recursive: true });
  const db = await openDb({ pgliteDir: migrated });
  await migrate(db);
  await db.close();
  const templates = { empty, migrated };
  project.provide('pgliteTemplate', templates);
  return templates;
}

function copyOf(template: string, prefix: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'pglite');
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A new directory holding a copy of the run's migrated cluster, for PGLITE_DIR or `pgliteDir`. */
export function freshPgliteDir(prefix = 'vpnsite-pglite-'): string {
  return copyOf(inject('pgliteTemplate').migrated, prefix);
}

/** A new directory holding a copy of the run's cluster before any migration. */
export function emptyPgliteDir(prefix = 'vpnsite-pglite-'): string {
  return copyOf(inject('pgliteTemplate').empty, prefix);
}
