/**
 * No layout shift on any kind of page, through hydration and the icon sprite's arrival, on a phone-sized screen,
 * and none while the HTML arrives slowly: a page painted half parsed moved its centred content as the rest came.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { onePagePerKind } from '../helpers/sitemap.ts';
import { startTrickle, type Trickle } from '../helpers/trickle.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

// The day the site was built as: a later day would change the deals page's offers after hydration, on purpose
// (tests/e2e/deals.test.ts), which is not the layout this test measures.
const ON_BUILD_DAY = `${BUILD_DAY}T12:00:00Z`;

const browser = useBrowser();
const paths = onePagePerKind();

describe('layout stability', () => {
  it('covers every kind of page', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths)('%s shifts nothing and fetches no font', async (path) => {
    const shifted: string[] = [];
    {
      const { page, quiet } = await browser.open(path, { date: ON_BUILD_DAY });
      await page.setViewportSize({ width: 412, height: 823 });
      const fonts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
      await page.reload();
      await hydrated(page);
      // Shifts come with what loads after hydration: none of it is left once every request has its answer.
      await quiet();
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
                if (!e.hadRecentInput) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      if (cls > 0) shifted.push(`${path}: ${cls}`);
      expect(fonts, path).toEqual([]);
      // Icons keep their box before the sprite arrives.
      for (const box of await page
        .locator('svg:has(use)')
        .evaluateAll((els) => els.slice(0, 5).map((e) => [e.getAttribute('width'), e.getAttribute('height')]))) {
        expect(box[0], path).toMatch(/^\d+$/);
        expect(box[1], path).toBe(box[0]);
      }
    }
    expect(shifted).toEqual([]);
  });
});

interface Watched {
  __shifts: string[];
  __mainAtFirstFrame: number;
  __mainParsed: number;
}

/** Runs before the page's scripts: records every shift, and how much of <main> had been parsed at the first frame. */
function watchFirstFrame() {
  const w = window as unknown as Watched;
  w.__shifts = [];
  w.__mainAtFirstFrame = -1;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
      w.__shifts.push(
        `${e.value.toFixed(5)} ${e.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName).join(', ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
  requestAnimationFrame(() => {
    w.__mainAtFirstFrame = document.getElementById('main')?.innerHTML.length ?? 0;
  });
  document.addEventListener('DOMContentLoaded', () => {
    w.__mainParsed = document.getElementById('main')!.innerHTML.length;
  });
}

describe('layout stability on a slow link', () => {
  let trickle: Trickle;
  beforeAll(async () => {
    trickle = await startTrickle(inject('baseUrl'));
  });
  afterAll(() => trickle?.close());

  it.each(paths)('%s paints only once <main> is parsed and shifts nothing', async (path) => {
    const { page, quiet } = await browser.open(`${trickle.url}${path}`, { width: 412, init: watchFirstFrame, date: ON_BUILD_DAY });
    // Shifts come with what loads after hydration: none of it is left once every request has its answer.
    await quiet();
    const seen = await page.evaluate(() => {
      const w = window as unknown as Watched;
      return { shifts: w.__shifts, first: w.__mainAtFirstFrame, parsed: w.__mainParsed };
    });
    expect(seen.first, `${path}: <main> at the first frame, of ${seen.parsed} characters`).toBe(seen.parsed);
    expect(seen.shifts, path).toEqual([]);
  });
});
