/**
 * No layout shift on any kind of page, on a phone-sized screen, through a slow link, hydration and the icon sprite's
 * arrival: a page painted half parsed moved its centred content as the rest came. One load of each kind of page
 * checks all of it, through the slow link, where a shift has the most chances to show.
 */
import '../helpers/compiled-schemas.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_DAY } from '../helpers/build-day.ts';
import { useBrowser } from '../helpers/browser.ts';
import { onePagePerKind } from '../helpers/sitemap.ts';
import { startTrickle, type Trickle } from '../helpers/trickle.ts';

// The day the site was built as: a later day would change the deals page's offers after hydration, on purpose
// (tests/e2e/landing-pages.test.ts), which is not the layout this test measures.
const ON_BUILD_DAY = `${BUILD_DAY}T12:00:00Z`;

const browser = useBrowser();
const paths = onePagePerKind();

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
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
      if (e.hadRecentInput) continue;
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

describe('layout stability on a phone, on a slow link', () => {
  let trickle: Trickle;
  beforeAll(async () => {
    trickle = await startTrickle(inject('baseUrl'));
  });
  afterAll(() => trickle?.close());

  it('covers every kind of page', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths)('%s paints only once <main> is parsed, shifts nothing and fetches no font', async (path) => {
    const { page, quiet } = await browser.open(`${trickle.url}${path}`, { width: 412, init: watchFirstFrame, date: ON_BUILD_DAY });
    // Shifts come with what loads after hydration: none of it is left once every request has its answer.
    await quiet();
    const seen = await page.evaluate(() => {
      const w = window as unknown as Watched;
      return {
        shifts: w.__shifts,
        first: w.__mainAtFirstFrame,
        parsed: w.__mainParsed,
        fonts: performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((name) => /\.(woff2?|ttf|otf)(\?|$)/.test(name)),
      };
    });
    expect(seen.first, `${path}: <main> at the first frame, of ${seen.parsed} characters`).toBe(seen.parsed);
    expect(seen.shifts, path).toEqual([]);
    expect(seen.fonts, path).toEqual([]);
    // Icons keep their box before the sprite arrives.
    for (const box of await page
      .locator('svg:has(use)')
      .evaluateAll((els) => els.slice(0, 5).map((e) => [e.getAttribute('width'), e.getAttribute('height')]))) {
      expect(box[0], path).toMatch(/^\d+$/);
      expect(box[1], path).toBe(box[0]);
    }
  });
});
