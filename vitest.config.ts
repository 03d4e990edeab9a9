import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, slowest first, as measured from a clean clone. They start first, so that the short
 * files fill the cores around them instead of one long file running alone at the end. A clean clone has no timings
 * of its own to sort by; a file left off this list only starts later.
 */
const SLOWEST = [
  'integration/incremental-build.test.ts',
  'e2e/seo.test.ts',
  'integration/embedded-owner.test.ts',
  'integration/cli-content.test.ts',
  'e2e/layout-shift.test.ts',
  'e2e/stats-dashboard.test.ts',
  'integration/scheduled-builds.test.ts',
  'e2e/site-chrome.test.ts',
  'e2e/newsletter-mail.test.ts',
  'e2e/reviews.test.ts',
  'integration/instances.test.ts',
  'e2e/home.test.ts',
  'integration/money-loop.test.ts',
  'integration/link-failover.test.ts',
  'integration/embedded-thread.test.ts',
  'integration/publishing-build.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((s) => f.moduleId.endsWith(`/tests/${s}`));
      return i < 0 ? SLOWEST.length : i;
    };
    return (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

/**
 * Three suites by what they need: unit (no I/O), integration (real PostgreSQL), e2e (Chromium). Their files run side
 * by side, twice as many as there are cores: most of an integration or browser test is spent waiting on a socket, a
 * child process or a browser, and one file per core left the CPU three-quarters idle. Four a core finished one run
 * on two cores in 1,145 s against 1,375 s, but in another held both cores at 100% for minutes, with tests timing out. Every file has its own ports,
 * databases and temporary directories; the PostgreSQL server and the e2e site are shared, each file making its own
 * database on the one and only reading the other.
 */
export default defineConfig({
  // What the build's icon-sprite plugin defines, so components that draw icons render in unit tests too.
  define: { __ICON_SPRITE__: JSON.stringify('/assets/icons.svg') },
  test: {
    maxWorkers: Math.max(4, availableParallelism() * 2),
    // expect.poll waits for a condition, never for a time: its default of one second failed tests on a slower or
    // busier machine (search results that took longer to come in on a phone), so a poll gives up only on a hang.
    expect: { poll: { timeout: 60_000 } },
    isolate: false,
    sequence: { sequencer: SlowestFirst },
    setupFiles: ['tests/helpers/console-guard.ts', 'tests/helpers/reap-children.ts', 'tests/helpers/cpu-log.ts'],
    projects: [
      // Every file shares its worker's process and imported modules with the files that ran there before it:
      // importing the content, database and server code again for each file cost more CPU than many files' tests
      // (for the unit files, 54 CPU-seconds of imports against 20 of tests). Alone on this machine, 27 Nov 2026, a
      // process per file against a shared one: the integration files 875 CPU-seconds and 531 s against 740 and 425 s;
      // the browser files (their Chromium aside) 322 CPU-seconds and 324 s against 227 and 266 s. A test that changes
      // the environment, the umask or a stub puts it back after itself.
      // The unit files all check content, so each worker loads the compiled schemas once; an integration or e2e file
      // that checks content imports tests/helpers/compiled-schemas.ts itself, and the others skip its ~0.7 s.
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles: ['tests/helpers/compiled-schemas.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-postgres.ts'],
          // Generous: a hang is still caught, and a test that starts the embedded database or builds the site can take
          // minutes on two cores shared with the other files.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-site.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
