/**
 * `vpnsite serve` with SCHEDULED_BUILDS=1 publishes a page at its publishAt without a restart: a real service, a
 * small content set with one article whose publishAt is seconds away, and the built site's _schedule.json naming
 * that moment. The article is never served before its time, is served (with its own CSP hashes) once its build is
 * ready (at its time when the build finished in time; within three minutes on a machine too busy for that), and
 * the new build's schedule says it was judged at that moment. A scheduled build that fails leaves the served site
 * as it was, file for file.
 */
import '../helpers/compiled-schemas.ts';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaffold } from '../../services/content/scaffold.ts';
import { baseFiles } from '../helpers/content-fixture.ts';
import { createPgDatabase, FIXTURE_DIST } from '../helpers/service.ts';
import { treeDigest } from '../helpers/cli.ts';
import { spawnServe, stop, type ServeProcess } from '../helpers/serve-process.ts';
import { inject } from 'vitest';

/** How far ahead the article is published: room for one build of this small site (about 50 s on a busy machine), so that the build is ready before its time and waits for it. */
const AHEAD_MS = 75_000;

/** The base content set (site and two providers, without reviews: no reviews page to need) on disk, and `more`. */
function writeContent(dir: string, more: Record<string, string> = {}): void {
  const files = [
    ...baseFiles().map((f) => ({ ...f, text: f.text.replace(/\nreview:[\s\S]*$/, '\n') })),
    ...Object.entries(more).map(([rel, text]) => ({ rel, text })),
  ];
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.rel)), { recursive: true });
    writeFileSync(join(dir, f.rel), f.text);
  }
}

/** An article as an editor publishes it: made by `vpnsite new`, filled in, and timed. */
const timedArticle = (publishAt: string) =>
  scaffold('article', 'timed', { schemaPath: 'x', today: '2026-11-21', order: 1 })
    .replace(/TODO (\w+)/g, 'Written $1')
    .replace(/^draft: true\n/m, `publishAt: ${publishAt}\n`);

/** Writes a file as a build does: whole, in one rename. */
function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

/** The content with its scheduled article, and a site built a minute ago, before the article existed: nothing scheduled. */
function siteBuiltBefore(): { data: string; dist: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-scheduled-'));
  const data = join(dir, 'data');
  const dist = join(dir, 'dist');
  writeContent(data);
  cpSync(FIXTURE_DIST, dist, { recursive: true });
  writeFileSync(
    join(dist, '_schedule.json'),
    JSON.stringify({ builtAt: new Date(Date.now() - 60_000).toISOString(), next: null, changes: [] }),
  );
  return { data, dist };
}

/** `vpnsite serve` with scheduled builds, on its own PostgreSQL database. */
async function serveScheduled(data: string, dist: string) {
  return spawnServe({
    DIST_DIR: dist,
    VPNSITE_DATA_DIR: data,
    SCHEDULED_BUILDS: '1',
    DATABASE_URL: await createPgDatabase(inject('databaseUrl')),
    LOG_FORMAT: 'json',
  });
}

/** An editor times an article at `at` and builds: the build's schedule names the moment, as `vpnsite build` writes it. */
function timeArticle(data: string, dist: string, at: string, article: string): void {
  writeContent(data, { 'articles/timed.yaml': article });
  writeWhole(
    join(dist, '_schedule.json'),
    JSON.stringify({
      builtAt: new Date().toISOString(),
      next: at,
      changes: [{ at, action: 'publish', file: 'articles/timed.yaml', what: '/articles/timed' }],
    }),
  );
}

describe('scheduled builds in vpnsite serve', () => {
  let svc: ServeProcess | undefined;
  afterAll(async () => {
    if (svc && svc.child.exitCode === null) await stop(svc);
  });

  it('publishes a page at its publishAt, never before, without a restart', async () => {
    const { data, dist } = siteBuiltBefore();
    svc = await serveScheduled(data, dist);

    // An editor times an article and builds: the build's schedule names the moment (as `vpnsite build` writes it).
    const at = new Date(Math.ceil((Date.now() + AHEAD_MS) / 1000) * 1000).toISOString();
    timeArticle(data, dist, at, timedArticle(at.replace('.000Z', 'Z')));

    const page = `${svc.url}/articles/timed`;
    let live: Response | undefined;
    for (const deadline = Date.parse(at) + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const asked = Date.now();
      const res = await fetch(page).catch((err: unknown) => {
        throw new Error(`${String(err)}; the service said:\n${svc!.output()}`);
      });
      if (res.status === 200) {
        // Asked for before its time, it would be published early: the build is swapped in at the moment, not before.
        expect(asked, 'served before its publishAt').toBeGreaterThanOrEqual(Date.parse(at) - 1000);
        live = res;
        break;
      }
      expect(res.status).toBe(404);
    }
    expect(live, `not published within 180 s of ${at}:\n${svc.output()}`).toBeDefined();
    expect(await live!.text()).toContain('Timed');
    // The new build's own pages carry their own script hashes: the service read the new build, not only its files.
    expect(live!.headers.get('content-security-policy')).toMatch(/'sha256-/);
    const schedule = JSON.parse(readFileSync(join(dist, '_schedule.json'), 'utf8')) as { builtAt: string; next: string | null };
    expect(schedule).toMatchObject({ builtAt: at, next: null });
    // Logged once the new build is in place, so it can reach the pipe just after the page is served.
    await expect.poll(() => svc!.output(), { timeout: 30_000 }).toContain(`published the site as of ${at}`);
  }, 400_000);

  it('leaves the served site as it was when the scheduled build fails', async () => {
    const { data, dist } = siteBuiltBefore();
    const failed = await serveScheduled(data, dist);
    try {
      // An article due now, whose file has a mistake: the build stops at validation.
      const at = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      timeArticle(data, dist, at, timedArticle(at.replace('.000Z', 'Z')).replace(/^title: .*$/m, 'title: 42'));
      const before = treeDigest(dist);
      await expect
        .poll(() => failed.output(), { timeout: 120_000, interval: 200 })
        .toContain('the scheduled build failed: the site stays as it was');
      expect(failed.output()).toMatch(/articles\/timed\.yaml:\d+:\d+ error \/title/);
      expect(treeDigest(dist)).toBe(before);
      expect((await fetch(`${failed.url}/`)).status).toBe(200);
      expect((await fetch(`${failed.url}/articles/timed`)).status).toBe(404);
    } finally {
      await stop(failed);
    }
  }, 300_000);
});
