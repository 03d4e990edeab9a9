/**
 * A sign-up of an address whose confirmation mail went out within the hour: no new mail is promised; the answer says
 * when the last one was sent, with JavaScript (under the footer's form) and without it (the result page).
 */
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/** Signs `email` up by JSON, as the footer does, until the service has sent its confirmation and says it is pending. */
async function pendingAddress(email: string): Promise<{ sentAt: string; againAt: string }> {
  const post = async () => {
    const res = await fetch(new URL('/api/newsletter-subscribe', browser.baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { ok: true; pending?: { sentAt: string; againAt: string } };
  };
  // A new address: no mail sent yet, so nothing pending to tell.
  expect(await post()).toEqual({ ok: true });
  let pending: { sentAt: string; againAt: string } | undefined;
  await expect.poll(async () => (pending = (await post()).pending), { timeout: 30_000 }).toBeDefined();
  return pending!;
}

const hhmm = (iso: string) => iso.slice(11, 16);

describe('a sign-up whose confirmation went out within the hour', () => {
  it('is told when, and when a new mail can be sent, under the footer form', async () => {
    const email = `pending-js-${Date.now()}@example.com`;
    const { sentAt, againAt } = await pendingAddress(email);
    expect(Date.parse(againAt) - Date.parse(sentAt)).toBe(60 * 60_000);
    const { page } = await browser.open('/vpn-deals', { width: 1366 });
    await page.waitForFunction(() => Object.keys(document.querySelector('footer form input')!).some((k) => k.startsWith('__reactProps')));
    const form = page.locator('footer form');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const note = page.getByTestId('newsletter-confirm-note');
    await expect
      .poll(() => note.textContent())
      .toMatch(/^We already sent a confirmation email to this address at .+, so no new one goes out now\./);
    const text = (await note.textContent())!;
    expect(text).not.toMatch(/We have sent you an email/);
    // Both times, on the visitor's clock.
    const local = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(text).toContain(`at ${local(sentAt)}`);
    expect(text).toContain(`can be sent at ${local(againAt)}`);
  });

  it('lands on a page that says so, with the times, without JavaScript', async () => {
    const email = `pending-nojs-${Date.now()}@example.com`;
    const { sentAt, againAt } = await pendingAddress(email);
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    const form = page.locator('footer form');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/newsletter/pending');
    const result = page.getByTestId('form-result');
    expect(await result.locator('h1').textContent()).toBe('Confirmation Already Sent');
    const message = await result.getByTestId('form-result-message').textContent();
    expect(message).toBe(
      `We already sent a confirmation email to this address at ${hhmm(sentAt)} UTC, so no new one goes out now. Open the link in it to confirm (look in your spam folder too); a new email can be sent at ${hhmm(againAt)} UTC.`,
    );
    expect(await result.textContent()).not.toMatch(/subscribed!|you're subscribed/i);
  });

  it('shows the same words once the page hydrates', async () => {
    const sent = '2026-11-26T10:42:07.000Z';
    const { page } = await browser.open(`/newsletter/pending?sent=${encodeURIComponent(sent)}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('form-result-message').textContent()).toContain('at 10:42 UTC, so no new one');
    expect(await page.getByTestId('form-result-message').textContent()).toContain('can be sent at 11:42 UTC.');
  });
});
