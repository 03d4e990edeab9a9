/**
 * Lighthouse (default mobile emulation and throttling) on every route in the sitemap, with Debian's Chromium.
 * Prints a table and writes it to docs/benchmarks/lighthouse.md. Run: npm run bench:lighthouse [-- /path …] (any paths, e.g.
 * /search or a missing page's; only a run over the whole sitemap rewrites the doc)
 * Each route is audited LIGHTHOUSE_RUNS times (default 5) and the median run is reported, as Lighthouse advises for
 * a noisy machine (its variability notes: the median of five runs about halves the spread): TBT alone varied
 * 40-320 ms between single runs of one page here, and with three runs a different few routes fell to 95-99 each time.
 * LIGHTHOUSE_JSON=<dir> also keeps each route's median report there, to read the audits behind a score.
 * LIGHTHOUSE_BASELINE=<dist> also serves that built site (say, a build of the commit before a change) and audits each
 * route there right after auditing it here, in the same run, then writes both side by side, with the bytes of script
 * each loads before any interaction, into docs/benchmarks/lighthouse.md (docs/lighthouse.md is left as it is).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { PROJECT_ROOT } from '../build/paths.ts';
import { buildAndServe, serveDist, type Served } from './serve-built.ts';
import { comparisonDoc, scriptBytes, type Pair } from './lighthouse-compare.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const served = await buildAndServe(Number(process.env.PORT ?? 8790));
const origin = /<loc>(https?:\/\/[^/<]+)/.exec(readFileSync(join(served.distDir, 'sitemap.xml'), 'utf8'))![1]!;
const paths = [...readFileSync(join(served.distDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1]!).pathname,
);
const only = process.argv.slice(2);
// Routes named on the command line are audited as given, so pages outside the sitemap (/search, a 404) can be too.
const routes = only.length ? only : paths;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const baselineDir = process.env.LIGHTHOUSE_BASELINE;
let baseline: Served | undefined;
const pairs: Pair[] = [];
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The 1-minute load average: TBT scales with whatever else the machine runs, so the table says what that was. */
const load = () => loadavg()[0]!.toFixed(1);
const loadAtStart = load();

interface Row {
  path: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The 1-minute load average when the route's runs ended. */
  load: string;
}
const rows: Row[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  // Started inside the try: a browser that cannot start must not leave the service running.
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  baseline = baselineDir ? await serveDist(Number(process.env.PORT ?? 8790) + 1, baselineDir) : undefined;
  /** The median of RUNS audits of one page. */
  const audit = async (url: string, path: string): Promise<Report> => {
    const lhrs: Report[] = [];
    for (let tries = 0; lhrs.length < RUNS; tries++) {
      const lhr = (await lighthouse(url, { port: chrome!.port, output: 'json', logLevel: 'error' }))!.lhr;
      // A run that failed (e.g. NO_FCP when the machine stalls) has no metrics; the median needs all of them.
      if (lhr.runtimeError || lhr.audits['first-contentful-paint']?.numericValue === undefined) {
        console.log(`${path}: run failed (${lhr.runtimeError?.code ?? 'no FCP'}): ${lhr.runtimeError?.message ?? ''}`);
        if (tries >= RUNS + 2) throw new Error(`${path}: too many failed runs`);
        continue;
      }
      lhrs.push(lhr);
    }
    return computeMedianRun(lhrs);
  };
  for (const path of routes) {
    const lhr: Report = await audit(`${served.baseUrl}${path}`, path);
    if (baseline) {
      const before: Report = await audit(`${baseline.baseUrl}${path}`, path);
      const of = (r: Report) => ({
        scriptBytes: scriptBytes(r),
        tbt: r.audits['total-blocking-time']?.numericValue ?? NaN,
        lcp: r.audits['largest-contentful-paint']?.numericValue ?? NaN,
      });
      pairs.push({ path, before: of(before), after: of(lhr) });
    }
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${path.replace(/\//g, '_') || '_'}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const metric = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
    const row = {
      path,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      load: load(),
    };
    rows.push(row);
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id);
    console.log(
      `${path}: ${row.perf}/${row.a11y}/${row.bp}/${row.seo} TBT ${Math.round(row.tbt)} ms, load ${row.load}${failing.length ? `  below 1: ${failing.join(', ')}` : ''}`,
    );
  }
} finally {
  chrome?.kill();
  await served.stop();
  await baseline?.stop();
}

const loadAtEnd = load();
const table = [
  '| route | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS | load |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.load} |`,
  ),
].join('\n');
console.log(`\n${table}`);
if (baselineDir) {
  const docPath = join(PROJECT_ROOT, 'docs/benchmarks/lighthouse.md');
  mkdirSync(join(PROJECT_ROOT, 'docs/benchmarks'), { recursive: true });
  writeFileSync(docPath, comparisonDoc(pairs, { runs: RUNS, loadAtStart, loadAtEnd: load(), chrome: CHROME }));
  execFileSync(join(PROJECT_ROOT, 'node_modules/.bin/biome'), ['format', '--write', docPath], { stdio: 'ignore' });
  console.log('\nwrote docs/benchmarks/lighthouse.md');
} else if (!only.length) {
  const doc = `# Lighthouse\n\nLighthouse ${'12'} with its default mobile emulation and throttling, Debian's Chromium, against \`vpnsite serve\` on this machine (2 cores); the median of ${RUNS} runs per route; load average ${loadAtStart} at the start and ${loadAtEnd} at the end. Site origin in canonical links: ${origin}. Regenerate with \`npm run bench:lighthouse\`.\n\n${table}\n`;
  // The doc's own sections (from its first "## " on) are kept: only the table above them is measured anew.
  const docPath = join(PROJECT_ROOT, 'docs/benchmarks/lighthouse.md');
  const before = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
  const sections = before.indexOf('\n## ');
  mkdirSync(join(PROJECT_ROOT, 'docs', 'benchmarks'), { recursive: true });
  writeFileSync(docPath, sections < 0 ? doc : `${doc}${before.slice(sections)}`);
  // Aligned as the linter's formatter wants it, so that `npm test` passes on the doc as written.
  execFileSync(join(PROJECT_ROOT, 'node_modules/.bin/biome'), ['format', '--write', docPath], { stdio: 'ignore' });
  console.log('\nwrote docs/benchmarks/lighthouse.md');
}
