/**
 * What the build's own machinery pays for: `vpnsite build` as it is against React Router's own prerender alone
 * (VPNSITE_PLAIN_BUILD=1: every page rendered by React Router, one process; VPNSITE_THREADS=1: no worker pool for
 * the checks, and none for validation, which uses none in either design; VPNSITE_CACHE=0: no page or gzip-size cache), on the same synthetic
 * content, alternating, three times at each size. Each build starts from an empty cache directory, then builds
 * again after one article's label changed, as an editor's next build does.
 * Run: npm run bench:build:plain [-- N …]   (default 1,000 and 10,000 pages; BENCH_RUNS pairs, default 3)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../build/paths.ts';
import { phases, vpnsite } from './build-run.ts';
import { writeSyntheticContent } from './synthetic-content.ts';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const plan = sizes.length ? sizes : [1000, 10000];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_REBUILD=0 times the first builds alone (their rebuild columns then repeat the first build).
const REBUILD = process.env.BENCH_REBUILD !== '0';
const PLAIN = { VPNSITE_PLAIN_BUILD: '1', VPNSITE_THREADS: '1', VPNSITE_CACHE: '0' };

interface Result {
  design: 'ours' | 'plain';
  at: string;
  load: number;
  buildS: number;
  rebuildS: number;
  bundleS: number;
  renderS: number;
  checkS: number;
  searchS: number;
  rebuildRenderS: number;
  rebuildCheckS: number;
  peakMb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The same build again after one article's label changed, as an editor's next build; the article is put back. */
function rebuild(data: string, out: string, env: NodeJS.ProcessEnv) {
  const article = join(data, 'articles', readdirSync(join(data, 'articles')).sort()[0]!);
  const text = readFileSync(article, 'utf8');
  writeFileSync(article, text.replace(/^updatedLabel: .*$/m, `updatedLabel: Updated for the benchmark at ${Date.now()}`));
  try {
    return vpnsite(['build', '--data', data, '--out', out], env);
  } finally {
    writeFileSync(article, text);
  }
}

function buildTwice(design: Result['design'], data: string, tmp: string): Result {
  const dir = mkdtempSync(join(tmp, `${design}-`));
  const env = { VPNSITE_CACHE_DIR: join(dir, 'cache'), ...(design === 'plain' ? PLAIN : {}) };
  const out = join(dir, 'dist');
  const at = new Date().toISOString().slice(11, 16);
  const load = loadavg()[0]!;
  const first = vpnsite(['build', '--data', data, '--out', out], env);
  if (!first.ok) throw new Error(`${design} build failed:\n${first.out.slice(-4000)}`);
  const again = REBUILD ? rebuild(data, out, env) : first;
  if (!again.ok) throw new Error(`${design} rebuild failed:\n${again.out.slice(-4000)}`);
  rmSync(dir, { recursive: true, force: true });
  const p = phases(first.out);
  const re = phases(again.out);
  return {
    design,
    at,
    load,
    buildS: first.seconds,
    rebuildS: again.seconds,
    bundleS: p.bundleS,
    renderS: p.renderS,
    checkS: p.checkS,
    searchS: p.searchS,
    rebuildRenderS: re.renderS,
    rebuildCheckS: re.checkS,
    peakMb: Math.max(first.peakMb, again.peakMb),
  };
}

for (const n of plan) {
  const tmp = mkdtempSync(join(tmpdir(), `vpnsite-bench-plain-${n}-`));
  try {
    const data = join(tmp, 'data');
    writeSyntheticContent(join(PROJECT_ROOT, 'data'), data, { totalPages: n });
    const results: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternating, and each pair in the other order than the last, so that a drift in the machine's speed
      // falls on both designs alike.
      const order: Result['design'][] = i % 2 === 0 ? ['ours', 'plain'] : ['plain', 'ours'];
      for (const design of order) {
        const r = buildTwice(design, data, tmp);
        results.push(r);
        console.log(
          `N=${n} ${design} ${r.at} (load ${r.load.toFixed(1)}): build ${r.buildS.toFixed(1)} s (bundle ${r.bundleS} / render ${r.renderS} / checks ${r.checkS}, of which search ${r.searchS}), one article changed ${r.rebuildS.toFixed(1)} s (render ${r.rebuildRenderS} / checks ${r.rebuildCheckS}), peak ${r.peakMb.toFixed(0)} MB`,
        );
      }
    }
    console.log(
      `\n| N = ${n} | at | load | build (s) | bundle / render / checks (s) | one article changed (s) | its render / checks (s) | peak RSS (MB) |`,
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.design} | ${r.at} | ${r.load.toFixed(1)} | ${r.buildS.toFixed(1)} | ${r.bundleS} / ${r.renderS} / ${r.checkS} | ${r.rebuildS.toFixed(1)} | ${r.rebuildRenderS} / ${r.rebuildCheckS} | ${r.peakMb.toFixed(0)} |`,
      );
    }
    const of = (d: Result['design'], k: keyof Result) => median(results.filter((r) => r.design === d).map((r) => r[k] as number));
    const ratio = (k: keyof Result) => (of('plain', k) / of('ours', k)).toFixed(2);
    console.log(
      `\nN=${n}, medians, plain ÷ ours (above 1: ours is faster): build ${ratio('buildS')}× (${of('plain', 'buildS').toFixed(1)} s against ${of('ours', 'buildS').toFixed(1)} s), render ${ratio('renderS')}×, checks ${ratio('checkS')}×, one article changed ${ratio('rebuildS')}× (${of('plain', 'rebuildS').toFixed(1)} s against ${of('ours', 'rebuildS').toFixed(1)} s), its render ${ratio('rebuildRenderS')}×\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
