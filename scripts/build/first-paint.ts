/**
 * Rewrites the prerendered pages so that first paint waits on nothing but the HTML itself:
 * - the site stylesheet goes inline into the `<style data-href>` that site/components/site-styles.tsx renders empty.
 *   A linked stylesheet cost a round trip before any paint (Lighthouse render-blocking-resources) while the whole
 *   CSS is small (docs/lighthouse.md has the figures);
 * - React Router's module preloads and its inline bootstrap module start one frame after first paint instead of
 *   from the <head>. Fetched from the head, the scripts shared a slow link with the rest of the HTML, and
 *   Lighthouse's LCP (which counts every request started before the paint) more than doubled (docs/lighthouse.md).
 *   The preloads are still all added at once, so the module graph loads in one round trip, not a waterfall;
 * - first paint waits until <main> is parsed: `<link rel="expect" blocking="render">` (HTML §4.6.6.13) names the
 *   footer that follows it, as Chromium unblocks once the named element is in the document, not once it is complete.
 *   Painted while half parsed, centred content moved as the rest arrived: Lighthouse measured CLS 0.001 on
 *   /vpn-deals when the parser yielded inside the hero's trust list. Other browsers keep painting progressively.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLE_PLACEHOLDER = /<style data-href="(\/assets\/[^"]+\.css)"><\/style>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*\/>/g;
/** React Router's bootstrap: the one inline module script, which imports the route modules and the client entry. */
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/g;

/** Render-blocks first paint until <main> has been parsed, i.e. until the footer after it (components/footer.tsx) begins. */
export const EXPECT_MAIN = '<link rel="expect" href="#footer" blocking="render">';

/** A JSON value that is safe inside an inline <script>. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The bootstrap, deferred: after the next frame has painted (or at once in a hidden tab, which paints nothing),
 * add the preloads and run the original module. The hrefs stay plain string literals for html-scan's JS count.
 */
function deferredBootstrap(preloads: string[], original: string): string {
  return (
    `const start=()=>{for(const href of ${scriptJson(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
    `const s=document.createElement("script");s.type="module";s.textContent=${scriptJson(original)};document.head.append(s)};` +
    `document.visibilityState==="hidden"?start():requestAnimationFrame(()=>setTimeout(start))`
  );
}

/** A page rewritten for first paint. */
export interface Rewritten {
  /** The page as it ships. */
  bytes: Buffer;
  /** Its text with each inlined stylesheet left out: all the checks read of it. */
  text: string;
  /** The stylesheets inlined, by href. */
  inlined: string[];
}

/** Rewrites one page; null when it lacks the stylesheet placeholder or the bootstrap script. */
export function rewritePage(html: string, css: (href: string) => Buffer): Rewritten | null {
  let booted = 0;
  const preloads: string[] = [];
  const text = html
    .replace(MODULE_PRELOAD, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(BOOTSTRAP, (_, body: string) => {
      booted++;
      // The bootstrap now runs as a script this one creates, so the page's CSP must allow its hash too.
      const hash = createHash('sha256').update(body, 'utf8').digest('base64');
      return `<script type="module" async="" data-csp-hash="sha256-${hash}">${deferredBootstrap(preloads, body)}</script>`;
    })
    // First in the head, so no frame can be produced before the browser knows to wait.
    .replace(/<head>/, `<head>${EXPECT_MAIN}`);
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
  if (booted !== 1 || inlined.length === 0) return null;
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
export function rewritePageFile(path: string, css: (href: string) => Buffer): Rewritten | null {
  const bytes = readFileSync(path);
  const page = bytes.toString('utf8');
  if (page.includes(`<head>${EXPECT_MAIN}`)) return { bytes, text: page, inlined: [] };
  const rewritten = rewritePage(page, css);
  if (rewritten === null) return null;
  // A new file, never a write into the page: a rendered page may be a hard link to the page cache's copy, which
  // must stay as it was rendered. Not written atomically: the page is in the build's own directory, which is
  // published whole or not at all, and write-file-atomic's work around each write (resolving the path, copying the
  // mode and owner, a handler for every exit signal) was a third of the checks' time (docs/build-scaling.md).
  rmSync(path);
  writeFileSync(path, rewritten.bytes);
  return rewritten;
}
