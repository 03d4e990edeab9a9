/** Assertions shared by the page e2e tests: heading outline and outbound-button attributes. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every heading's level and text, in document order. */
export async function headings(page: Page): Promise<{ level: number; text: string }[]> {
  return page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((els) => els.map((el) => ({ level: Number(el.tagName.slice(1)), text: (el.textContent ?? '').trim() })));
}

/** One <h1>, first, and no heading that skips a level on the way down. */
export async function expectHeadingOutline(page: Page): Promise<void> {
  const list = await headings(page);
  expect(list.filter((h) => h.level === 1)).toHaveLength(1);
  expect(list[0]?.level).toBe(1);
  list.slice(1).forEach((h, i) => {
    expect(h.level, `"${h.text}" after "${list[i]!.text}"`).toBeLessThanOrEqual(list[i]!.level + 1);
  });
}

/** A tracked outbound button: /go/<slug> with from and placement, a new tab and the sponsored rel. */
export async function expectOutbound(link: Locator, slug: string, from: string, placement: string): Promise<void> {
  expect(await link.evaluate((el) => el.tagName)).toBe('A');
  expect(await link.getAttribute('href')).toBe(`/go/${slug}?${new URLSearchParams({ from, placement })}`);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('sponsored nofollow noopener');
}

/** How many of a rating's five stars are filled. */
export async function filledStars(scope: Locator): Promise<number> {
  const stars = scope.locator('[data-filled]');
  expect(await stars.count()).toBe(5);
  return scope.locator('[data-filled="true"]').count();
}

/** The page's h1 text, or null while the page is between documents (a reload under way). */
export function headingOf(page: Page): Promise<string | null> {
  return page
    .locator('h1')
    .textContent()
    .catch(() => null);
}
