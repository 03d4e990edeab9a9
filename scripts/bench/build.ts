/**
 * Build scaling: synthetic, schema-valid content at N = 100, 1,000 and 10,000 pages; times `vpnsite validate`
 * and `vpnsite build` in child processes and reads their peak memory. Run: npm run bench:build [-- N …]
 *
 * Beside validation, its floor on the same content: reading and parsing every file with yaml alone, as validation
 * parses it (parse-floor.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../build/paths.ts';
import { phases, vpnsite } from './build-run.ts';
import { writeSyntheticContent } from './synthetic-content.ts';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const plan = sizes.length ? sizes : [100, 1000, 10000];
/** parse-floor.mjs on dataDir: files per second read and parsed by yaml alone, in `threads` threads. */
function parseFloor(dataDir: string, threads: number): number {
  const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts/bench/parse-floor.mjs'), dataDir, String(threads)], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`parse-floor.mjs failed:\n${r.stderr}`);
  const { files, seconds } = JSON.parse(r.stdout) as { files: number; seconds: number };
  return files / seconds;
}

/** Each run's figure, in the order they ran: "412, 398". */
const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');

const countFiles = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : e.name.endsWith('.yaml') ? 1 : 0),
    0,
  );

interface Row {
  n: number;
  files: number;
  pages: number;
  validateS: number;
  buildS: number;
  filesPerS: number;
  /** validate again, nothing changed, with the schemas compiled by the first run. */
  warmValidateS: number;
  warmFilesPerS: number;
  /**
   * validate on content it has not seen, with the schemas already compiled (as after any earlier run on this
   * machine): three runs, each with yaml's parse floor on every core run right after it, side by side.
   */
  fresh: { filesPerS: number; floorFilesPerS: number }[];
  /** Bundling (Vite) does not grow with pages; rendering and the per-page checks do. */
  bundleS: number;
  renderS: number;
  checkS: number;
  pagesPerS: number;
  pagesPerSChecked: number;
  peakMb: number;
  /** The same build again with one article changed: its time, render and check phases, and pages rendered again. */
  rebuildS: number;
  rebuildRenderS: number;
  rebuildCheckS: number;
  rerendered: number;
  /** yaml alone over the same files, in one thread and in one thread per core. */
  parseFloor1: number;
  parseFloorAll: number;
}

const rows: Row[] = [];
for (const n of plan) {
  const tmp = mkdtempSync(join(tmpdir(), `vpnsite-bench-build-${n}-`));
  try {
    const data = join(tmp, 'data');
    writeSyntheticContent(join(PROJECT_ROOT, 'data'), data, { totalPages: n });
    const files = countFiles(data);
    // A cache of its own, empty: the first validate compiles the schemas, as on a fresh checkout; the second runs
    // on the same, unchanged files (no cache keeps a file's checks: it checks them all again).
    process.env.VPNSITE_CACHE_DIR = join(tmp, 'cache');
    const v = vpnsite(['validate', '--data', data, '--format', 'json']);
    if (!v.ok) throw new Error(`validate failed at N=${n}:\n${v.out.slice(0, 4000)}`);
    const warm = vpnsite(['validate', '--data', data, '--format', 'json']);
    if (!warm.ok || warm.stdout !== v.stdout) throw new Error(`validate run again reported something else at N=${n}`);
    const fresh = [1, 2, 3].map(() => {
      const r = vpnsite(['validate', '--data', data, '--format', 'json']);
      if (!r.ok || r.stdout !== v.stdout) throw new Error(`validate on new content reported something else at N=${n}`);
      return { filesPerS: files / r.seconds, floorFilesPerS: parseFloor(data, 1) };
    });
    const b = vpnsite(['build', '--data', data, '--out', join(tmp, 'dist')]);
    if (!b.ok) throw new Error(`build failed at N=${n}:\n${b.out.slice(-4000)}`);
    const pages = Number(/✓ built (\d+) pages/.exec(b.out)?.[1]);
    const { prerenderS, bundleS, renderS, checkS } = phases(b.out);
    // An editor's next build: one article's label changed (scripts/build/react-router.ts reuses the other pages).
    const article = join(data, 'articles', readdirSync(join(data, 'articles')).sort()[0]!);
    writeFileSync(article, readFileSync(article, 'utf8').replace(/^updatedLabel: .*$/m, 'updatedLabel: Updated for the benchmark'));
    const again = vpnsite(['build', '--data', data, '--out', join(tmp, 'dist')]);
    if (!again.ok) throw new Error(`second build failed at N=${n}:\n${again.out.slice(-4000)}`);
    const re = phases(again.out);
    const parseFloor1 = parseFloor(data, 1);
    const parseFloorAll = parseFloor(data, availableParallelism());
    const row = {
      n,
      files,
      pages,
      validateS: v.seconds,
      buildS: b.seconds,
      filesPerS: files / v.seconds,
      warmValidateS: warm.seconds,
      warmFilesPerS: files / warm.seconds,
      bundleS,
      renderS,
      checkS,
      pagesPerS: pages / renderS,
      pagesPerSChecked: pages / (renderS + checkS),
      peakMb: Math.max(v.peakMb, b.peakMb, again.peakMb),
      rebuildS: again.seconds,
      rebuildRenderS: re.renderS,
      rebuildCheckS: re.checkS,
      rerendered: re.rendered,
      parseFloor1,
      parseFloorAll,
      fresh,
    };
    rows.push(row);
    console.log(
      `N=${n}: ${files} files validated in ${v.seconds.toFixed(2)}s with empty caches, at ${list(fresh.map((f) => f.filesPerS))} files/s on new content (parse floor beside each: ${list(fresh.map((f) => f.floorFilesPerS))}), again unchanged in ${warm.seconds.toFixed(2)}s; ${pages} pages built in ${b.seconds.toFixed(1)}s (prerender ${prerenderS}s: bundle ${bundleS}s, render ${renderS}s; checks ${checkS}s); peak ${row.peakMb.toFixed(0)} MB`,
    );
    console.log(
      `        one article changed: built again in ${again.seconds.toFixed(1)}s (bundle ${re.bundleS}s, render ${re.renderS}s, checks ${re.checkS}s), ${re.rendered} page(s) rendered again`,
    );
    console.log(
      `        floor: yaml alone ${parseFloor1.toFixed(0)} files/s (1 thread), ${parseFloorAll.toFixed(0)} files/s (${availableParallelism()} threads)`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

console.log(
  '\n| N | YAML files | pages | validate (s) | files/s | validate again (s) | files/s | build (s) | bundle (s) | render (s) | checks (s) | pages/s rendered | pages/s rendered + checked | peak RSS (MB) | build time ×, vs previous N | rebuild, one article changed (s) | its render / checks (s) | pages rendered again |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
rows.forEach((r, i) => {
  const prev = rows[i - 1];
  const growth = prev
    ? `${(r.buildS / prev.buildS).toFixed(2)}× (render+checks ${((r.renderS + r.checkS) / (prev.renderS + prev.checkS)).toFixed(2)}×) for ${(r.pages / prev.pages).toFixed(1)}× pages`
    : '';
  console.log(
    `| ${r.n} | ${r.files} | ${r.pages} | ${r.validateS.toFixed(2)} | ${r.filesPerS.toFixed(0)} | ${r.warmValidateS.toFixed(2)} | ${r.warmFilesPerS.toFixed(0)} | ${r.buildS.toFixed(1)} | ${r.bundleS.toFixed(1)} | ${r.renderS.toFixed(1)} | ${r.checkS.toFixed(1)} | ${r.pagesPerS.toFixed(0)} | ${r.pagesPerSChecked.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${growth} | ${r.rebuildS.toFixed(1)} | ${r.rebuildRenderS.toFixed(1)} / ${r.rebuildCheckS.toFixed(1)} | ${r.rerendered} |`,
  );
});

console.log(
  '\n| N | YAML files | validate, empty caches (files/s) | validate, new content, three runs (files/s) | yaml alone on every core, beside each (files/s) | validate again, unchanged (files/s) |',
);
console.log('|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.n} | ${r.files} | ${r.filesPerS.toFixed(0)} | ${list(r.fresh.map((f) => f.filesPerS))} | ${list(r.fresh.map((f) => f.floorFilesPerS))} | ${r.warmFilesPerS.toFixed(0)} |`,
  );
}
