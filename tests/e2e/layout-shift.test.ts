/** Issue 9: no layout shift on any route, through hydration and the icon sprite's arrival, on a phone-sized screen. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();
const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

describe('layout stability', () => {
  it('covers the sitemap', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  it.each(paths)('%s shifts nothing and fetches no font', async (path) => {
    const shifted: string[] = [];
    {
      const { page } = await browser.open(path);
      await page.setViewportSize({ width: 412, height: 823 });
      const fonts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      await page.waitForLoadState('networkidle');
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      if (cls > 0) shifted.push(`${path}: ${cls}`);
      expect(fonts, path).toEqual([]);
      // Icons keep their box before the sprite arrives.
      for (const box of await page.locator('svg:has(use)').evaluateAll((els) => els.slice(0, 5).map((e) => [e.getAttribute('width'), e.getAttribute('height')]))) {
        expect(box[0], path).toMatch(/^\d+$/);
        expect(box[1], path).toBe(box[0]);
      }
    }
    expect(shifted).toEqual([]);
  });
});
