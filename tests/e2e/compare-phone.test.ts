/** /compare on a phone: one card per provider, every figure labelled, the button in view, nothing to scroll sideways. */
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

describe('/compare at 390 px', () => {
  it('shows cards whose first button is in view, keeps the labels, and sorts from a list', async () => {
    const { page } = await browser.open('/compare', { width: 390 });
    await hydrated(page);
    const layout = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      table: document.querySelector('[data-testid=compare-table]')!.scrollWidth,
    }));
    expect(layout.scroll).toBeLessThanOrEqual(390);
    expect(layout.table).toBeLessThanOrEqual(390);

    const first = page.locator('[data-testid=compare-table] tbody tr').first();
    const cta = (await first.getByRole('link', { name: /^Visit/ }).boundingBox())!;
    expect(cta.x).toBeGreaterThanOrEqual(0);
    expect(cta.x + cta.width).toBeLessThanOrEqual(390);
    // Each figure shows its column's heading above it.
    const labels = await first
      .locator('td[data-label]')
      .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-label'), getComputedStyle(td, '::before').content]));
    expect(labels.length).toBeGreaterThan(5);
    for (const [label, shown] of labels) expect(shown).toBe(`"${label}"`);

    // The headings that sort are hidden here; the list sorts instead.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price / month' });
    await expect.poll(() => page.evaluate(() => window.location.search)).toContain('sort=price');
  });
});
