/** vpnsite build: validate, prerender into a temporary directory, check, then swap into --out. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import {
  loadContent,
  publishingNow,
  SCHEDULE_FILE,
  today,
  type Content,
  type RouteEntry,
  type ScheduleRecord,
} from '../../../services/content/index.ts';
import { writeSnapshot } from '../../../site/lib/build-job.ts';
import { islandTable, weightTable } from '../../build/budget.ts';
import { writeCspManifest } from '../../build/csp-hashes.ts';
import { finishPages } from '../../build/finish-pages.ts';
import { buildIslands } from '../../build/islands.ts';
import { routeOfFile } from '../../build/html-scan.ts';
import { coverageLine, coverageTotal, linkCoverage } from '../../../services/links/coverage.ts';
import { isPaidTarget, outboundTargets } from '../../../services/content/targets.ts';
import { writeSearchIndex } from '../../build/search-index.ts';
import { verifyOutput } from '../../build/verify.ts';
import { prerender } from '../../build/prerender.ts';
import { stopOnSignals, trackTemporary, uninterruptible, untrackTemporary } from '../../build/interrupt.ts';
import { ensureParent, listFiles, shapeOutput, stage, swapInto, totalBytes } from '../../../services/http/publish.ts';
import { cacheKey, cachePath } from '../../build/cache.mjs';
import { originValue } from '../option-values.ts';
import { PROJECT_ROOT } from '../../build/paths.ts';
import { report } from './validate.ts';
import { cliChecks } from '../content-checks.ts';
import { SUMMARY_NOTE, warningSummary } from '../warning-summary.ts';

export interface BuildFlags {
  data: string;
  out: string;
  siteUrl?: string;
  strict?: boolean;
  /** Every warning on its own line, instead of one line per kind. */
  verbose?: boolean;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Loads and reports the content; the validated content and routes when it passes. Only those outlive this call:
 * the parsed sources and their positions (hundreds of MB at 10,000 files) are left to the garbage collector.
 */
function validated(
  flags: BuildFlags,
  log: (line: string) => void,
): { content: Content; routes: RouteEntry[]; warningCount: number; schedule: ScheduleRecord } | undefined {
  // One moment for the whole build: what is published, and the schedule from then on.
  const now = publishingNow();
  const result = loadContent(flags.data, { ...cliChecks(), now });
  log(`validate   ${result.sources.length} files, ${result.errorCount} error(s), ${result.warningCount} warning(s)`);
  if (!report(result, { strict: flags.strict, verbose: flags.verbose, format: 'text' }) || !result.content) return undefined;
  const schedule = { builtAt: now, next: result.schedule[0]?.at ?? null, changes: result.schedule };
  return { content: result.content, routes: result.routes, warningCount: result.warningCount, schedule };
}

/** "schedule   next change at …: publish /articles/x (articles/x.yaml), and 2 more", or that there is none. */
function scheduleLine({ next, changes }: ScheduleRecord): string {
  if (!next) return 'schedule   no change scheduled: the built site stays as it is until the content changes';
  const first = changes[0]!;
  const more = changes.length - 1;
  return `schedule   next change at ${next}: ${first.action} ${first.what} (${first.file})${more ? `, and ${more} more (vpnsite schedule lists them)` : ''}`;
}

/**
 * Runs the whole build; returns false (having said why) when anything failed and --out was left alone. Stopped by
 * SIGINT or SIGTERM, it cleans up and exits 1 (scripts/build/interrupt.ts).
 */
export async function runBuild(flags: BuildFlags, log: (line: string) => void = (l) => console.log(l)): Promise<boolean> {
  const state = { published: false };
  const releaseSignals = stopOnSignals(
    (signal) =>
      state.published
        ? `✗ build interrupted (${signal}) after publishing ${flags.out}; temporary files removed`
        : `✗ build stopped (${signal}); temporary files removed; ${flags.out} was not touched`,
    log,
  );
  try {
    return await buildSite(flags, log, state);
  } finally {
    releaseSignals();
  }
}

async function buildSite(flags: BuildFlags, log: (line: string) => void, state: { published: boolean }): Promise<boolean> {
  const started = performance.now();
  const dataDir = resolve(flags.data);
  const out = resolve(flags.out);

  const content = validated(flags, log);
  if (!content) {
    log(`✗ build stopped: content is invalid; ${flags.out} was not touched`);
    return false;
  }

  // React Router's server build must resolve the project's node_modules, so it is made inside the project;
  // the finished site is then staged beside --out so the final swap is a rename on one file system.
  await ensureParent(dirname(out));
  const work = await mkdtemp(join(PROJECT_ROOT, '.build-'));
  const staged = join(dirname(out), `.dist-new-${process.pid}`);
  trackTemporary(work, staged);
  // Beside the build directory, not in it: React Router empties that when it starts.
  const snapshot = await mkdtemp(join(tmpdir(), 'vpnsite-content-'));
  trackTemporary(snapshot);
  try {
    const t = performance.now();
    writeSnapshot(snapshot, content.content, content.routes);
    // Rendered pages are kept per output directory, so that two builds of different content do not sweep each
    // other's pages.
    // VPNSITE_PLAIN_BUILD=1 is the benchmark's baseline (scripts/bench/build-plain.ts): React Router renders every
    // page itself, and no page is kept for the next build.
    const plain = process.env.VPNSITE_PLAIN_BUILD === '1';
    const cache = plain ? undefined : cachePath('pages', cacheKey(out));
    const result = await prerender({
      dataDir,
      buildDir: work,
      snapshotDir: snapshot,
      siteUrl: flags.siteUrl,
      routes: plain ? undefined : content.routes,
      cacheDir: cache,
    });
    if (!result.ok) {
      log(result.log.trim());
      log(`✗ build stopped: prerender failed; ${flags.out} was not touched`);
      return false;
    }
    const finishing = performance.now();
    const client = join(work, 'client');
    await shapeOutput(client);
    const islands = await buildIslands(client);
    const finished = await finishPages(client, await listFiles(client), islands.bootstrap, cache && join(cache, 'gzip-sizes.json'));
    const { unstyled, csp } = finished;
    if (unstyled.length > 0) {
      for (const p of unstyled) log(p);
      log(`✗ build stopped: pages without the site stylesheet; ${flags.out} was not touched`);
      return false;
    }
    // Hashes were taken last, from the inline scripts exactly as they ship.
    await writeCspManifest(client, csp);
    // When the built site will next differ from this build: `vpnsite serve` (SCHEDULED_BUILDS=1) rebuilds then.
    await writeFile(join(client, SCHEDULE_FILE), `${JSON.stringify(content.schedule, null, 2)}\n`);
    // From the pages as they ship.
    const searchStarted = performance.now();
    const indexed = await writeSearchIndex(client, content.routes, content.content);
    const searchSeconds = ((performance.now() - searchStarted) / 1000).toFixed(1);
    const files = await listFiles(client);
    const pages = files.filter((f) => f.endsWith('.html'));
    const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
    log(
      `prerender  ${pages.length} pages in ${((finishing - t) / 1000).toFixed(1)}s (bundle ${result.bundleSeconds.toFixed(1)}s, render ${result.renderSeconds.toFixed(1)}s)`,
    );
    if (result.rendered !== undefined)
      log(`           on every core: ${result.rendered} rendered, ${result.reused} unchanged since the last build and reused`);
    log(`search     ${indexed} pages indexed in ${searchSeconds}s`);

    const origin = (flags.siteUrl ?? content.content.site.url).replace(/\/$/, '');
    const checked = verifyOutput(client, files, finished.pages, content.content, content.routes, { origin, today: today(), islands });
    const errors = checked.problems.filter((p) => p.severity === 'error');
    const warnings = checked.problems.filter((p) => p.severity === 'warning');
    // Per-page work after rendering: first-paint rewriting, CSP hashes and checks (finish-pages.ts, on every core).
    log(
      `check      ${pages.length} pages in ${seconds(finishing)}s: ${errors.length} error(s), ${warnings.length} warning(s); sitemap.xml and robots.txt written`,
    );
    log(weightTable(checked.weights));
    log(islandTable(islands.bootstrap, islands.bytes));
    const targets = outboundTargets(content.content);
    const coverage = coverageTotal(
      linkCoverage(
        [...finished.pages].map(([file, p]) => [routeOfFile(file), p.scan.anchors.map((a) => a.href)]),
        (slug, link) => isPaidTarget(targets, slug, link),
      ),
    );
    log(`links      ${coverageLine(coverage)} (vpnsite links coverage lists them by page and placement)`);
    const line = (p: (typeof checked.problems)[number]) => `${p.page} ${p.severity} ${p.message}`;
    for (const p of flags.verbose ? checked.problems : errors) log(line(p));
    if (!flags.verbose && warnings.length) {
      for (const l of warningSummary(warnings.map((p) => ({ message: p.message, line: line(p) })))) log(l);
      log(`  (${SUMMARY_NOTE})`);
    }
    if (errors.length > 0 || (flags.strict && warnings.length > 0)) {
      log(`✗ build stopped: the output failed its checks; ${flags.out} was not touched`);
      return false;
    }

    await uninterruptible(async () => {
      await stage(client, staged);
      await swapInto(staged, out);
      state.published = true;
    });
    const bytes = await totalBytes(out, await listFiles(out));
    log(`publish    ${flags.out}`);
    log(scheduleLine(content.schedule));
    const warned = content.warningCount + warnings.length;
    log(
      `✓ built ${pages.length} pages, ${kb(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)}s${warned ? ` (${warned} warning(s) above)` : ''}`,
    );
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(snapshot, { recursive: true, force: true });
    await rm(staged, { recursive: true, force: true });
    untrackTemporary(work, staged, snapshot);
  }
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('validate the content and prerender every route to static HTML')
    .option('--data <dir>', 'content directory', 'data')
    .option('--out <dir>', 'output directory; replaced only when the whole build succeeds', 'dist')
    .option('--site-url <url>', 'public origin for canonical links and the sitemap (default: url in site.yaml)', originValue)
    .option('--strict', 'treat warnings as errors')
    .option('--verbose', 'print every warning on its own line, instead of one line per kind with a count and an example')
    .action(async (flags: BuildFlags) => {
      process.exitCode = (await runBuild(flags)) ? 0 : 1;
    });
}
