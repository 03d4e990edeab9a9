/** Vitest global setup: one throwaway PostgreSQL for the whole run, stopped at the end. */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../../scripts/lib/throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  project.provide('databaseUrl', pg.url);
  return () => pg.destroy();
}
