/** The footer newsletter form against the real service: its states, its email rule and its messages, under the page's CSP. */
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser, type TrackedPage } from '../helpers/browser.ts';

const browser = useBrowser();

/** Opens the home page once React has hydrated, and returns the footer form's parts. */
async function openForm(): Promise<
  TrackedPage & { input: ReturnType<TrackedPage['page']['locator']>; button: ReturnType<TrackedPage['page']['locator']> }
> {
  const tracked = await browser.open('/');
  await hydrated(tracked.page);
  const form = tracked.page.locator('footer form');
  return { ...tracked, input: form.getByLabel('Email address'), button: form.getByRole('button', { name: 'Subscribe' }) };
}

describe('newsletter form', () => {
  it('is served with a CSP that hashes the inline scripts instead of allowing any', async () => {
    const res = await fetch(new URL('/', browser.baseUrl()));
    const policy = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('shows the invalid-email message and makes no call for an address without an @', async () => {
    const { page, input, button } = await openForm();
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await input.fill('reader.example.com');
    await button.click();
    await expect(page.getByText('Please enter a valid email address.').waitFor()).resolves.toBeUndefined();
    await input.fill('');
    await button.click();
    expect(await page.getByText('Please enter a valid email address.').count()).toBe(1);
    expect(calls).toEqual([]);
  });

  it("signs up the address a visitor typed before the page's scripts arrived", async () => {
    const tracked = await browser.open('/', { hold: /\/assets\/[^/]*\.js$/ });
    const { page } = tracked;
    const input = page.locator('footer form').getByLabel('Email address');
    const address = `early-${Date.now()}@example.com`;
    await input.fill(address);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/newsletter-subscribe'));
    tracked.release();
    await hydrated(page);
    await page.locator('footer form').getByRole('button', { name: 'Subscribe' }).click();
    expect((await posted).postDataJSON()).toEqual({ email: address, website: '' });
    await expect(page.getByText('Check your inbox to confirm your subscription.').waitFor()).resolves.toBeUndefined();
    expect(await input.inputValue()).toBe('');
  });

  it('disables the field and button while submitting, then clears the field and shows the success toast', async () => {
    const { page, input, button } = await openForm();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Hold the real request briefly so the submitting state can be seen; it then goes to the real service.
    await page.route('**/api/newsletter-subscribe', async (route) => {
      await held;
      await route.continue();
    });
    await input.fill(`e2e-${Date.now()}@example.com`);
    await button.click();
    await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('footer form button')?.disabled === true);
    expect(await input.isDisabled()).toBe(true);
    expect(await button.isDisabled()).toBe(true);
    release();
    await expect(page.getByText('Check your inbox to confirm your subscription.').waitFor()).resolves.toBeUndefined();
    expect(await input.inputValue()).toBe('');
    expect(await input.isDisabled()).toBe(false);
    expect(await button.isDisabled()).toBe(false);
  });

  it('keeps the address, logs the error and shows the failure message when the service refuses it', async () => {
    const { page, input, button, errors } = await openForm();
    // Longer than the service's 254-character limit: the client's rule (an @) passes, the server answers 400.
    const tooLong = `${'a'.repeat(260)}@example.com`;
    await input.fill(tooLong);
    await button.click();
    await expect(page.getByText('Failed to subscribe. Please try again.').waitFor()).resolves.toBeUndefined();
    expect(await input.inputValue()).toBe(tooLong);
    expect(await button.isDisabled()).toBe(false);
    // The error is logged to the console; take the expected lines out so the console guard passes.
    const expected = errors.splice(0).filter((e) => !/status of 400/.test(e));
    expect(expected).toHaveLength(1);
    expect(expected[0]).toContain('/api/newsletter-subscribe answered 400');
  });
});
