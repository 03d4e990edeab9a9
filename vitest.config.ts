import { defineConfig } from 'vitest/config';

/** Three suites by what they need: unit (no I/O), integration (real PostgreSQL), e2e (Chromium). */
export default defineConfig({
  // What the build's icon-sprite plugin defines, so components that draw icons render in unit tests too.
  define: { __ICON_SPRITE__: JSON.stringify('/assets/icons.svg') },
  test: {
    setupFiles: ['tests/helpers/console-guard.ts', 'tests/helpers/compiled-schemas.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: ['tests/helpers/global-postgres.ts'], testTimeout: 120_000, hookTimeout: 180_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/helpers/global-site.ts'], testTimeout: 120_000, hookTimeout: 300_000 },
      },
    ],
  },
});
