import { describe, expect, it } from 'vitest';
import { rewritePage } from '../../scripts/build/first-paint.ts';
import { scanPage } from '../../scripts/build/html-scan.ts';
import { SPECULATION_RULES } from '../../scripts/build/speculation-rules.ts';

const BOOT =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-3.js");';
const FRAMEWORK = `<script>window.__reactRouterContext = {};</script><script>window.__reactRouterContext.streamController.enqueue("[]");</script><script type="module" async="">${BOOT}</script>`;
const page = (head: string, body = FRAMEWORK) =>
  `<!DOCTYPE html><html><head><title>T</title>${head}</head><body><h1>T</h1><script type="application/ld+json">{"@type":"Thing"}</script>${body}</body></html>`;
const HEAD =
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-3.js"/><link rel="modulepreload" href="/assets/root-2.js"/><style data-href="/assets/app-5.css"></style>';
const css = () => Buffer.from('body{color:#111}');
const BOOTSTRAP = '(()=>{navigator.sendBeacon("/api/pv","{}")})();';

describe('first-paint rewrite', () => {
  const before = page(HEAD);
  const rewritten = rewritePage(before, css, BOOTSTRAP)!;
  const after = rewritten.bytes.toString('utf8');

  it('inlines the stylesheet', () => {
    expect(after).toContain('<style data-href="/assets/app-5.css">body{color:#111}</style>');
  });

  it("takes out React Router's scripts, module preloads and data, and keeps the JSON-LD", () => {
    expect(after).not.toContain('modulepreload');
    expect(after).not.toContain('__reactRouter');
    expect(after).toContain('<script type="application/ld+json">{"@type":"Thing"}</script>');
    expect(scanPage(before).js).toHaveLength(3);
    expect(scanPage(after).js).toEqual([]);
  });

  it('ends the body with the speculation rules and the bootstrap, the only script left to run', () => {
    expect(after).toContain(`<script type="speculationrules">${SPECULATION_RULES}</script><script>${BOOTSTRAP}</script></body>`);
    const runnable = [...after.matchAll(/<script(?: type="([^"]*)")?>/g)].filter((m) => !m[1] || m[1] === 'module');
    expect(runnable).toHaveLength(1);
  });

  it('gives the checks the page without its stylesheet, and the stylesheets it inlined', () => {
    expect(rewritten.text).toBe(after.replace('body{color:#111}', ''));
    expect(rewritten.inlined).toEqual(['/assets/app-5.css']);
  });

  it('keeps every byte of a page and a stylesheet outside ASCII', () => {
    const title = 'Le meilleur VPN — 2026 ✓ 最好';
    const styles = () => Buffer.from('a::after{content:"→ é"}');
    const out = rewritePage(page(HEAD).replace('<h1>T</h1>', `<h1>${title}</h1>`), styles, BOOTSTRAP)!;
    expect(out.bytes.toString('utf8')).toBe(
      after.replace('body{color:#111}', 'a::after{content:"→ é"}').replace('<h1>T</h1>', `<h1>${title}</h1>`),
    );
  });

  it('holds the first paint until <main> is parsed, from the head', () => {
    expect(after).toContain('<head><link rel="expect" href="#footer" blocking="render"><title>');
  });

  it('refuses a page without the stylesheet placeholder or a body', () => {
    expect(rewritePage(page(HEAD.replace(/<style[^>]*><\/style>/, '')), css, BOOTSTRAP)).toBeNull();
    expect(rewritePage(page(HEAD).replace('</body>', ''), css, BOOTSTRAP)).toBeNull();
  });
});
