/**
 * The pass over every prerendered page after rendering, on every core (services/compile/threads.ts): each page is
 * read once, rewritten for first paint (first-paint.ts), hashed for the CSP manifest, scanned for the integrity
 * checks and measured after gzip for the budgets. At 10,000 pages this pass took longer than rendering them, on one
 * core while the other idled.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScriptHashes, type CspManifest } from '../../services/http/csp.ts';
import { batchesOnEveryCore } from '../../services/compile/threads.ts';
import { rewritePageFile, stylesheets } from './first-paint.ts';
import { routeOfFile, scanPage, type PageScan } from './html-scan.ts';

/** What the checks keep of a page: its gzip size, its inline stylesheets' gzip size and its scan. */
export interface FinishedPage {
  html: number;
  inlineCss: number;
  /** Without the inline styles, scripts and JSON-LD, which the checks do not read. */
  scan: PageScan;
}

/** What a thread starts with: the build's client directory and the gzip sizes a previous build measured. */
export interface FinishInput {
  dir: string;
  known: [string, number][];
}

/** One page's outcome; `ok: false` when it lacks what the first-paint rewrite needs. */
export type PageOutcome = { ok: false } | { ok: true; csp: string[]; gzipKey: string; page: FinishedPage };

export interface FinishResult {
  /** A message for each page that could not be rewritten. */
  unstyled: string[];
  csp: CspManifest;
  /** By route. */
  pages: Map<string, FinishedPage>;
  /** Pages done by other threads than this one. */
  helped: number;
}

/** Below this many pages, this thread does them all. */
const MIN_PAGES = 200;
const BATCH = 20;

/** Finishes one page at a time, on any thread. */
export function pageFinisher({ dir, known }: FinishInput): (file: string) => PageOutcome {
  const cssText = stylesheets(dir);
  const sizes = new Map(known);
  const inline = new Map<string, number>();
  const inlineSize = (css: string) => inline.get(css) ?? inline.set(css, gzipSync(css, { level: 9 }).length).get(css)!;
  return (file) => {
    const html = rewritePageFile(join(dir, file), cssText);
    if (html === null) return { ok: false };
    const bytes = Buffer.from(html);
    // gzip at level 9 is most of a page's cost, and a rebuild after a small change would compress the same bytes again.
    const gzipKey = createHash('sha1').update(bytes).digest('base64');
    const size = sizes.get(gzipKey) ?? gzipSync(bytes, { level: 9 }).length;
    const scan = scanPage(html);
    // The clone copies the strings kept: V8's substrings point into the page they came from, so hrefs and titles
    // kept every page's whole HTML alive (3 GB at 10,000 pages, with garbage collection over it all the time).
    const slim = structuredClone({ ...scan, styles: [], inlineScripts: [], jsonLd: [] });
    const inlineCss = scan.styles.reduce((t, css) => t + inlineSize(css), 0);
    return { ok: true, csp: inlineScriptHashes(html), gzipKey, page: { html: size, inlineCss, scan: slim } };
  };
}

/**
 * Finishes every page among `files` (relative to `dir`). `gzipCache` is a file that keeps pages' gzip sizes by a
 * hash of their bytes for the next build; it then holds this build's pages alone.
 */
export async function finishPages(dir: string, files: string[], gzipCache?: string): Promise<FinishResult> {
  const html = files.filter((f) => f.endsWith('.html')).sort();
  const input: FinishInput = { dir, known: knownSizes(gzipCache) };
  const outcomes: PageOutcome[] = new Array(html.length);
  const batchOf = (b: number) => html.slice(b * BATCH, (b + 1) * BATCH);
  let finish: ((file: string) => PageOutcome) | undefined;
  let helped = 0;
  await batchesOnEveryCore<FinishInput, string[], PageOutcome[]>({
    entry: 'scripts/build/finish-pages-worker.ts',
    batches: Math.ceil(html.length / BATCH),
    worthThreads: html.length >= MIN_PAGES,
    input: () => input,
    request: batchOf,
    here: (b) => {
      finish ??= pageFinisher(input);
      batchOf(b).forEach((file, k) => (outcomes[b * BATCH + k] = finish!(file)));
    },
    answer: (b, answer) => {
      answer.forEach((outcome, k) => (outcomes[b * BATCH + k] = outcome));
      helped += answer.length;
    },
  });
  const result: FinishResult = { unstyled: [], csp: {}, pages: new Map(), helped };
  const used: Record<string, number> = {};
  html.forEach((file, i) => {
    const outcome = outcomes[i]!;
    if (!outcome.ok) {
      result.unstyled.push(`${file} lacks the <style data-href> of SiteStyles (root.tsx) or React Router's one inline module script`);
      return;
    }
    result.csp[file] = outcome.csp;
    result.pages.set(routeOfFile(file), outcome.page);
    used[outcome.gzipKey] = outcome.page.html;
  });
  if (gzipCache) save(gzipCache, used);
  return result;
}

function knownSizes(file: string | undefined): [string, number][] {
  try {
    if (file) return Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>);
  } catch {
    // None yet, or unreadable: compress everything.
  }
  return [];
}

function save(file: string, sizes: Record<string, number>): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(sizes));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
