/** Page weight after gzip per route (HTML, CSS, JS), checked against the budgets in site.yaml. */
import { gzipSync } from 'node:zlib';
import type { BuildProblem } from './integrity.ts';
import type { PageScan } from './html-scan.ts';

export interface Weight {
  page: string;
  html: number;
  css: number;
  js: number;
}

export interface Budgets {
  jsKb: number;
  cssKb: number;
  htmlKb: number;
}

/** The islands' own budgets (data/site.yaml). */
export interface IslandBudgets {
  bootstrapBytes: number;
  islandsKb: Record<string, number>;
}

/** gzip size of a buffer, cached by path so shared chunks are compressed once. */
export function gzipSizer(read: (sitePath: string) => Buffer): (sitePath: string) => number {
  const cache = new Map<string, number>();
  return (p) => {
    let n = cache.get(p);
    if (n === undefined) {
      n = gzipSync(read(p), { level: 9 }).length;
      cache.set(p, n);
    }
    return n;
  };
}

/**
 * Each page's transferred bytes: its HTML plus every stylesheet and script it loads; inline CSS counts both in HTML
 * and CSS. `html` is the page, or its gzip size when that was already measured; `inlineCss`, when given, the gzip
 * size of its inline stylesheets.
 */
export function pageWeights(
  pages: Map<string, { html: Buffer | number; inlineCss?: number; scan: PageScan }>,
  size: (sitePath: string) => number,
): Weight[] {
  // Every page inlines the same stylesheet: compress its text once.
  const inline = new Map<string, number>();
  const inlineSize = (css: string) => inline.get(css) ?? inline.set(css, gzipSync(css, { level: 9 }).length).get(css)!;
  return [...pages].map(([page, { html, inlineCss, scan }]) => ({
    page,
    html: typeof html === 'number' ? html : gzipSync(html, { level: 9 }).length,
    css: scan.css.reduce((t, f) => t + size(f), 0) + (inlineCss ?? scan.styles.reduce((t, css) => t + inlineSize(css), 0)),
    js: scan.js.reduce((t, f) => t + size(f), 0),
  }));
}

/** An error for every page over a budget (1 KB = 1024 bytes). */
export function checkBudgets(weights: Weight[], budgets: Budgets): BuildProblem[] {
  const problems: BuildProblem[] = [];
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const w of weights) {
    if (w.js > budgets.jsKb * 1024)
      problems.push({ severity: 'error', page: w.page, message: `JavaScript is ${kb(w.js)} KB gzip, over the ${budgets.jsKb} KB budget` });
    if (w.css > budgets.cssKb * 1024)
      problems.push({ severity: 'error', page: w.page, message: `CSS is ${kb(w.css)} KB gzip, over the ${budgets.cssKb} KB budget` });
    if (w.html > budgets.htmlKb * 1024)
      problems.push({ severity: 'error', page: w.page, message: `HTML is ${kb(w.html)} KB gzip, over the ${budgets.htmlKb} KB budget` });
  }
  return problems;
}

/** The weight table the build prints. */
export function weightTable(weights: Weight[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const width = Math.max(5, ...weights.map((w) => w.page.length));
  const rows = weights.map((w) => `${w.page.padEnd(width)}  ${kb(w.html).padStart(9)}  ${kb(w.css).padStart(9)}  ${kb(w.js).padStart(9)}`);
  return [`${'route'.padEnd(width)}  ${'HTML gz'.padStart(9)}  ${'CSS gz'.padStart(9)}  ${'JS gz'.padStart(9)}`, ...rows].join('\n');
}

/**
 * An error for the bootstrap over its size (bytes before gzip, as it sits in every page) and for each island whose
 * code is over its budget (gzip; `bytes` by island name). An island without a budget is an error too: every island
 * states its size.
 */
export function checkIslandBudgets(bootstrap: string, bytes: Record<string, number>, budgets: IslandBudgets): BuildProblem[] {
  const problems: BuildProblem[] = [];
  const size = Buffer.byteLength(bootstrap);
  if (size > budgets.bootstrapBytes)
    problems.push({
      severity: 'error',
      page: '(every page)',
      message: `the inline bootstrap is ${size} bytes, over the ${budgets.bootstrapBytes} byte budget`,
    });
  for (const [name, n] of Object.entries(bytes)) {
    const kb = budgets.islandsKb[name];
    if (kb === undefined)
      problems.push({
        severity: 'error',
        page: `(island ${name})`,
        message: `the ${name} island has no budget in site.yaml budgets.islandsKb`,
      });
    else if (n > kb * 1024)
      problems.push({
        severity: 'error',
        page: `(island ${name})`,
        message: `the ${name} island is ${(n / 1024).toFixed(1)} KB gzip, over its ${kb} KB budget`,
      });
  }
  return problems;
}

/** The islands' sizes, as the build prints them under the pages' weights. */
export function islandTable(bootstrap: string, bytes: Record<string, number>): string {
  const rows = Object.entries(bytes).map(([name, n]) => `island ${name.padEnd(12)} ${`${(n / 1024).toFixed(1)} KB`.padStart(9)} gzip`);
  return [`bootstrap ${Buffer.byteLength(bootstrap)} bytes inline on every page`, ...rows].join('\n');
}
