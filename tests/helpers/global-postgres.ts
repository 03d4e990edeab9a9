/** Vitest global setup: one throwaway PostgreSQL for the whole run, stopped at the end, and the PGlite clusters tests copy. */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { providePgliteTemplates } from './pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-integration-'));
  const [pg] = await Promise.all([startTestPostgres(), providePgliteTemplates(project, tmp)]);
  project.provide('databaseUrl', pg.url);
  return async () => {
    await pg.destroy();
    rmSync(tmp, { recursive: true, force: true });
  };
}
