/**
 * The render's worker processes against React Router's own prerender: the same synthetic content of N pages (1,100
 * by default, enough for the render to start its workers) built both ways must give the same files, byte for byte.
 * Run first by `npm run bench:build`, or alone: tsx scripts/bench/render-equivalence.ts [N]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { loadContent } from '../../services/content/index.ts';
import { writeSnapshot } from '../../site/lib/build-job.ts';
import { isParameterisedPage } from '../../site/lib/route-table.ts';
import { prerender } from '../build/prerender.ts';
import { PROJECT_ROOT } from '../build/paths.ts';
import { writeSyntheticContent } from './synthetic-content.ts';

const totalPages = Number(process.argv[2] ?? 1100);

/** A digest of every file's path and bytes below dir. */
function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const data = join(mkdtempSync(join(tmpdir(), 'vpnsite-synthetic-')), 'data');
const made: string[] = [dirname(data)];
try {
  writeSyntheticContent(join(PROJECT_ROOT, 'data'), data, { totalPages });
  const loaded = loadContent(data);
  const parameterised = loaded.routes.filter(isParameterisedPage).length;
  const build = async (routes: boolean) => {
    const snapshot = mkdtempSync(join(tmpdir(), 'vpnsite-snapshot-'));
    writeSnapshot(snapshot, loaded.content!, loaded.routes);
    // Inside the project, where the server build resolves the project's packages.
    const buildDir = mkdtempSync(join(PROJECT_ROOT, '.build-bench-'));
    made.push(snapshot, buildDir);
    const started = performance.now();
    const result = await prerender({ dataDir: data, buildDir, snapshotDir: snapshot, routes: routes ? loaded.routes : undefined });
    if (!result.ok) throw new Error(result.log);
    return { dir: join(buildDir, 'client'), rendered: result.rendered, seconds: (performance.now() - started) / 1000 };
  };
  const workers = await build(true);
  const own = await build(false);
  const same = treeDigest(workers.dir) === treeDigest(own.dir);
  console.log(
    `${totalPages} pages: the render's workers rendered ${workers.rendered ?? 0} of ${parameterised} parameterised pages in ${workers.seconds.toFixed(1)}s; React Router's own prerender took ${own.seconds.toFixed(1)}s`,
  );
  console.log(same ? 'the two builds are the same, byte for byte' : 'the two builds DIFFER');
  if (workers.rendered !== parameterised || own.rendered !== undefined || !same) process.exitCode = 1;
} finally {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
