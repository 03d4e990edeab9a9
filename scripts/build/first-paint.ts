/**
 * Rewrites the prerendered pages so that first paint waits on nothing but the HTML itself:
 * - the site stylesheet goes inline into the `<style data-href>` that site/components/site-styles.tsx renders empty.
 *   A linked stylesheet cost a round trip before any paint (Lighthouse render-blocking-resources, ~200 ms on its
 *   throttled phone) while the whole CSS is ~5 KB gzip;
 * - the module preloads React Router writes get `fetchpriority="low"`. Module scripts never block rendering, but at
 *   Chrome's default High priority the ~120 KB of them compete with the document for a slow link, and Lighthouse
 *   counts High-priority scripts into first paint (FCP ~2.0 s instead of ~1 s). Hydration still starts as soon as
 *   they arrive: nothing else is in flight once the page is parsed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLE_PLACEHOLDER = /<style data-href="(\/assets\/[^"]+\.css)"><\/style>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

/** Rewrites every page under `dir`; returns a message for each page without the stylesheet placeholder. */
export function optimizeFirstPaint(dir: string, files: string[]): string[] {
  const problems: string[] = [];
  const css = new Map<string, string>();
  const cssText = (href: string) => {
    let text = css.get(href);
    if (text === undefined) {
      // `</style` would end the element early; CSS never needs it, but a content string could carry it.
      text = readFileSync(join(dir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
      css.set(href, text);
    }
    return text;
  };
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const path = join(dir, file);
    let found = false;
    const html = readFileSync(path, 'utf8')
      .replace(STYLE_PLACEHOLDER, (_, href: string) => {
        found = true;
        return `<style data-href="${href}">${cssText(href)}</style>`;
      })
      .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
    if (!found) problems.push(`${file} has no <style data-href> for the site stylesheet (is SiteStyles in root.tsx?)`);
    else writeFileSync(path, html);
  }
  return problems;
}
