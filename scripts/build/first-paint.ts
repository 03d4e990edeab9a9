/**
 * Rewrites the prerendered pages so that first paint waits on nothing but the HTML itself, and the page runs no
 * framework (docs/islands.md):
 * - the site stylesheet goes inline into the `<style data-href>` that site/components/site-styles.tsx renders empty.
 *   A linked stylesheet cost a round trip before any paint (Lighthouse render-blocking-resources) while the whole
 *   CSS is small (docs/lighthouse.md has the figures);
 * - React Router's scripts and module preloads go, and the end of <body> gets the page's only script, the islands'
 *   bootstrap (scripts/build/islands.ts), and the speculation rules (scripts/build/speculation-rules.ts), so that
 *   nothing else runs until a visitor reaches an island;
 * - first paint waits until <main> is parsed: `<link rel="expect" blocking="render">` (HTML §4.6.6.13) names the
 *   footer that follows it, as Chromium unblocks once the named element is in the document, not once it is complete.
 *   Painted while half parsed, centred content moved as the rest arrived: Lighthouse measured CLS 0.001 on
 *   /vpn-deals when the parser yielded inside the hero's trust list. Other browsers keep painting progressively.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPECULATION_RULES } from './speculation-rules.ts';

const STYLE_PLACEHOLDER = /<style data-href="(\/assets\/[^"]+\.css)"><\/style>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
/**
 * React Router's scripts (site/root.tsx renders <Scripts/>): its one inline module, which imports the client entry, and
 * the inline scripts that hand it the loader data (`window.__reactRouterContext`).
 */
const FRAMEWORK_MODULE = /<script type="module" async="">[\s\S]*?<\/script>/g;
const FRAMEWORK_DATA = /<script>(?:(?!<\/script>)[\s\S])*?__reactRouter[\s\S]*?<\/script>/g;

/** Render-blocks first paint until <main> has been parsed, i.e. until the footer after it (components/footer.tsx) begins. */
export const EXPECT_MAIN = '<link rel="expect" href="#footer" blocking="render">';

/** What goes at the end of every page's body: the speculation rules, then the bootstrap. */
export const pageEnd = (bootstrap: string) =>
  `<script type="speculationrules">${SPECULATION_RULES}</script><script>${bootstrap.replace(/<\/script/gi, '<\\/script')}</script>`;

/** A page rewritten for first paint. */
export interface Rewritten {
  /** The page as it ships. */
  bytes: Buffer;
  /** Its text with each inlined stylesheet left out: all the checks read of it. */
  text: string;
  /** The stylesheets inlined, by href. */
  inlined: string[];
}

/** Rewrites one page, with `bootstrap` as its script; null when it lacks the stylesheet placeholder or a <body>. */
export function rewritePage(page: string, css: (href: string) => Buffer, bootstrap: string): Rewritten | null {
  const html = page.replace(MODULE_PRELOAD, '').replace(FRAMEWORK_MODULE, '').replace(FRAMEWORK_DATA, '');
  const end = html.lastIndexOf('</body>');
  if (end < 0) return null;
  // First in the head, so no frame can be produced before the browser knows to wait.
  const text = `${html.slice(0, end)}${pageEnd(bootstrap)}${html.slice(end)}`.replace(/<head>/, `<head>${EXPECT_MAIN}`);
  // The stylesheet goes in as bytes, between the page's own: a page's text holds characters outside Latin-1 (V8
  // keeps it two bytes a character), and making one string of it and the ~33 KB of CSS, then encoding that, cost
  // 1 ms a page, two thirds of the rewrite.
  const parts: Buffer[] = [];
  const inlined: string[] = [];
  let last = 0;
  for (const m of text.matchAll(STYLE_PLACEHOLDER)) {
    const end = m.index + m[0].length - '</style>'.length;
    parts.push(Buffer.from(text.slice(last, end)), css(m[1]!));
    inlined.push(m[1]!);
    last = end;
  }
  if (inlined.length === 0) return null;
  parts.push(Buffer.from(text.slice(last)));
  return { bytes: Buffer.concat(parts), text, inlined };
}

/** The bytes of each site stylesheet under `dir` a page inlines, read once. */
export function stylesheets(dir: string): (href: string) => Buffer {
  const css = new Map<string, Buffer>();
  return (href) => {
    let bytes = css.get(href);
    if (bytes === undefined) {
      // `</style` would end the element early; CSS never needs it, but a content string could carry it.
      bytes = Buffer.from(readFileSync(join(dir, href), 'utf8').replace(/<\/style/gi, '<\\/style'));
      css.set(href, bytes);
    }
    return bytes;
  };
}

/**
 * Rewrites the page at `path`; returns the page as it now ships, or null when it cannot be rewritten (left as it was).
 * A page already rewritten is returned as it is, so that finishing a build's pages twice changes nothing.
 */
export function rewritePageFile(path: string, css: (href: string) => Buffer, bootstrap: string): Rewritten | null {
  const bytes = readFileSync(path);
  const page = bytes.toString('utf8');
  if (page.includes(`<head>${EXPECT_MAIN}`)) return { bytes, text: page, inlined: [] };
  const rewritten = rewritePage(page, css, bootstrap);
  if (rewritten === null) return null;
  // A new file, never a write into the page: a rendered page may be a hard link to the page cache's copy, which
  // must stay as it was rendered. Not written atomically: the page is in the build's own directory, which is
  // published whole or not at all, and write-file-atomic's work around each write (resolving the path, copying the
  // mode and owner, a handler for every exit signal) was a third of the checks' time (docs/build-scaling.md).
  rmSync(path);
  writeFileSync(path, rewritten.bytes);
  return rewritten;
}
