import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three suites by what they need: unit (no I/O), integration (real PostgreSQL), e2e (Chromium). Their files run side
 * by side, twice as many as there are cores: most of an integration or browser test is spent waiting on a socket, a
 * child process or a browser, and one file per core left the CPU three-quarters idle. Every file has its own ports,
 * databases and temporary directories; the PostgreSQL server and the e2e site are shared, each file making its own
 * database on the one and only reading the other.
 */
export default defineConfig({
  // What the build's icon-sprite plugin defines, so components that draw icons render in unit tests too.
  define: { __ICON_SPRITE__: JSON.stringify('/assets/icons.svg') },
  test: {
    maxWorkers: Math.max(4, availableParallelism() * 2),
    setupFiles: ['tests/helpers/console-guard.ts', 'tests/helpers/compiled-schemas.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-postgres.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-site.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
