/**
 * The search page does not move as it hydrates: its no-JavaScript line is a <noscript>. Kept as React state, the line
 * went away on hydration and moved the directory below it (Lighthouse measured CLS 0.074 on /search). Nor does it
 * move as results come in: their room is kept from the first paint (Lighthouse measured CLS 0.61 on a results page).
 */
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/** Runs before the page's scripts: records every layout shift not caused by input. */
function watchShifts() {
  const w = window as unknown as { __shifts: number[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!e.hadRecentInput) w.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

describe('the search page', () => {
  it('hydrates on a phone without shifting anything, and shows no no-JavaScript line', async () => {
    // open() returns once React has hydrated the page; quiet() once every request has its answer.
    const { page, quiet } = await browser.open(`${inject('baseUrl')}/search`, { width: 412, init: watchShifts });
    await quiet();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(await page.getByTestId('search-no-script').count()).toBe(0);
  });

  it('keeps the results their room from the first paint on a phone, so the directory below never moves', async () => {
    const { page, quiet } = await browser.open(`${inject('baseUrl')}/search?q=netflix`, { width: 412, init: watchShifts });
    await expect.poll(() => page.getByTestId('search-page-results').locator('li').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await quiet();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
  });
});
