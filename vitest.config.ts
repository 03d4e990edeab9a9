import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
export default defineConfig({
  // What the build's icon-sprite plugin defines, so components that draw icons render in unit tests too.
  define: { __ICON_SPRITE__: JSON.stringify('/assets/icons.svg') },
  test: {
    maxWorkers: Math.max(4, availableParallelism() * 2),
    setupFiles: ['tests/helpers/console-guard.ts', 'tests/helpers/reap-children.ts', 'tests/helpers/compiled-schemas.ts'],
    projects: [
      // Unit files share their worker's imported modules: importing the content code again for each file cost more
      // CPU than the file's tests (54 against 20 CPU-seconds for the unit files). The other files start services and
      // processes that inherit their environment, so each keeps a fresh one.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
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
