import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewritePage } from '../../scripts/build/first-paint.ts';
import { scanPage } from '../../scripts/build/html-scan.ts';

const BOOT =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-3.js");';
const page = (head: string, boot = `<script type="module" async="">${BOOT}</script>`) =>
  `<!DOCTYPE html><html><head><title>T</title>${head}</head><body><h1>T</h1><script>window.__reactRouterContext = {};</script>${boot}</body></html>`;
const HEAD =
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-3.js"/><link rel="modulepreload" href="/assets/chunk-4.js"/><link rel="modulepreload" href="/assets/root-2.js"/><style data-href="/assets/app-5.css"></style>';
const css = () => Buffer.from('body{color:#111}');

describe('first-paint rewrite', () => {
  const before = page(HEAD);
  const rewritten = rewritePage(before, css)!;
  const after = rewritten.bytes.toString('utf8');

  it('inlines the stylesheet and leaves no preload in the head', () => {
    expect(after).toContain('<style data-href="/assets/app-5.css">body{color:#111}</style>');
    expect(after).not.toContain('<link rel="modulepreload"');
  });

  it('gives the checks the page without its stylesheet, and the stylesheets it inlined', () => {
    expect(rewritten.text).toBe(after.replace('body{color:#111}', ''));
    expect(rewritten.inlined).toEqual(['/assets/app-5.css']);
  });

  it('keeps every byte of a page and a stylesheet outside ASCII', () => {
    const title = 'Le meilleur VPN — 2026 ✓ 最好';
    const styles = () => Buffer.from('a::after{content:"→ é"}');
    const out = rewritePage(page(HEAD).replace('<h1>T</h1>', `<h1>${title}</h1>`), styles)!;
    expect(out.bytes.toString('utf8')).toBe(
      after.replace('body{color:#111}', 'a::after{content:"→ é"}').replace('<h1>T</h1>', `<h1>${title}</h1>`),
    );
  });

  it('holds the first paint until <main> is parsed, from the head', () => {
    expect(after).toContain('<head><link rel="expect" href="#footer" blocking="render"><title>');
  });

  it('runs the original bootstrap, untouched, after the first paint', () => {
    const [, hash, script] = /<script type="module" async="" data-csp-hash="([^"]+)">([\s\S]*?)<\/script>/.exec(after)!;
    // The page's CSP allows the script the bootstrap creates by this hash (services/http/csp.ts).
    expect(hash).toBe(`sha256-${createHash('sha256').update(BOOT, 'utf8').digest('base64')}`);
    expect(script).toContain('requestAnimationFrame(()=>setTimeout(start))');
    expect(script).toContain(JSON.stringify(BOOT));
    expect(script).toContain('["/assets/manifest-1.js","/assets/entry.client-3.js","/assets/chunk-4.js","/assets/root-2.js"]');
  });

  it('still counts every module the page loads', () => {
    expect(new Set(scanPage(after).js)).toEqual(new Set(scanPage(before).js));
    expect(scanPage(after).js).toHaveLength(4);
  });

  it('refuses a page without the stylesheet placeholder or the bootstrap', () => {
    expect(rewritePage(page(HEAD.replace(/<style[^>]*><\/style>/, '')), css)).toBeNull();
    expect(rewritePage(page(HEAD, ''), css)).toBeNull();
  });
});
