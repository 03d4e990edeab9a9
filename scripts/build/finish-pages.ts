/**
 * The pass over every prerendered page after rendering, on every core (scripts/build/pool.ts): each page is read
 * once, rewritten for first paint (first-paint.ts), hashed for the CSP manifest, scanned for the integrity checks and
 * measured after gzip for the budgets. At 10,000 pages this pass took longer than rendering them, on one core while
 * the other idled. This module is also the pass's task module: its default export finishes one batch of pages.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScriptHashes, type CspManifest } from '../../services/http/csp.ts';
import { readEntry, writeEntry } from './cache.mjs';
import { batchesOf, runPass, type Task } from './pool.ts';
import { rewritePageFile, stylesheets } from './first-paint.ts';
import { routeOfFile, scanPage, type PageScan } from './html-scan.ts';

/** What the checks keep of a page: its gzip size, its inline stylesheets' gzip size and its scan. */
export interface FinishedPage {
  html: number;
  inlineCss: number;
  /** Without the inline styles, scripts and JSON-LD, which the checks do not read. */
  scan: PageScan;
}

/**
 * What every batch needs: the build's client directory, the islands' bootstrap every page carries
 * (scripts/build/islands.ts), and the file of gzip sizes a previous build measured.
 */
export interface FinishInit {
  dir: string;
  bootstrap: string;
  gzipCache?: string;
}

/** One page's outcome; `ok: false` when it lacks what the first-paint rewrite needs. */
export type PageOutcome = { ok: false } | { ok: true; csp: string[]; gzipKey: string; page: FinishedPage };

export interface FinishResult {
  /** A message for each page that could not be rewritten. */
  unstyled: string[];
  csp: CspManifest;
  /** By route. */
  pages: Map<string, FinishedPage>;
}

/** Below this many pages, this thread does them all. */
const MIN_PAGES = 200;
const BATCH = 20;

/** Finishes one page at a time, on any thread. */
function pageFinisher({ dir, bootstrap, gzipCache }: FinishInit): (file: string) => PageOutcome {
  const css = stylesheets(dir);
  const sizes = knownSizes(gzipCache);
  // Every page inlines the same stylesheet: it is compressed once, by its href (or its text, for any other).
  const inline = new Map<string, number>();
  const inlineSize = (key: string, data: string | Buffer) =>
    inline.get(key) ?? inline.set(key, gzipSync(data, { level: 9 }).length).get(key)!;
  return (file) => {
    const page = rewritePageFile(join(dir, file), css, bootstrap);
    if (page === null) return { ok: false };
    const { bytes, text, inlined } = page;
    // gzip at level 9 is most of a page's cost, and a rebuild after a small change would compress the same bytes again.
    const gzipKey = createHash('sha1').update(bytes).digest('base64');
    const size = sizes.get(gzipKey) ?? gzipSync(bytes, { level: 9 }).length;
    const scan = scanPage(text);
    // The clone copies the strings kept: V8's substrings point into the page they came from, so hrefs and titles
    // kept every page's whole HTML alive (3 GB at 10,000 pages, with garbage collection over it all the time).
    const slim = structuredClone({ ...scan, styles: [], inlineScripts: [], jsonLd: [] });
    const inlineCss =
      inlined.reduce((t, href) => t + inlineSize(href, css(href)), 0) +
      scan.styles.reduce((t, body) => t + (body ? inlineSize(body, body) : 0), 0);
    return { ok: true, csp: inlineScriptHashes(text), gzipKey, page: { html: size, inlineCss, scan: slim } };
  };
}

let finisher: { init: string; finish: (file: string) => PageOutcome } | undefined;

/** Finishes one batch of pages, on a pool thread or here. */
export default function finishTask({ init, batch }: Task<FinishInit, string[]>): PageOutcome[] {
  const key = JSON.stringify(init);
  if (finisher?.init !== key) finisher = { init: key, finish: pageFinisher(init) };
  return batch.map(finisher.finish);
}

/**
 * Finishes every page among `files` (relative to `dir`). `gzipCache` is a file that keeps pages' gzip sizes by a
 * hash of their bytes for the next build; it then holds this build's pages alone.
 */
export async function finishPages(dir: string, files: string[], bootstrap: string, gzipCache?: string): Promise<FinishResult> {
  const html = files.filter((f) => f.endsWith('.html')).sort();
  const done = await runPass({
    entry: 'scripts/build/finish-pages.ts',
    run: finishTask,
    init: { dir, bootstrap, gzipCache },
    batches: batchesOf(html, BATCH),
    worthThreads: html.length >= MIN_PAGES,
    here: false,
  });
  const result: FinishResult = { unstyled: [], csp: {}, pages: new Map() };
  const used: Record<string, number> = {};
  done.flat().forEach((outcome, i) => {
    const file = html[i]!;
    if (!outcome.ok) {
      result.unstyled.push(`${file} lacks the <style data-href> of SiteStyles (root.tsx) or its <body>`);
      return;
    }
    result.csp[file] = outcome.csp;
    result.pages.set(routeOfFile(file), outcome.page);
    used[outcome.gzipKey] = outcome.page.html;
  });
  writeEntry(gzipCache, JSON.stringify(used));
  return result;
}

function knownSizes(file: string | undefined): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(readEntry(file) ?? '{}') as Record<string, number>));
  } catch {
    // Unreadable: compress everything.
    return new Map();
  }
}
