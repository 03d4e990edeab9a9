/** Both forms with JavaScript off (the browser posts them and follows the 303) and on (JSON and a toast, no page change). */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

const SUBSCRIBED = 'We have sent you an email. Open the link in it to confirm: until you do, you are not subscribed.';
const INVALID_EMAIL = 'Please enter a valid email address.';
const SENT = "Message sent successfully! We'll get back to you soon.";
const MISSING = 'Please fill in all required fields';

/** The result page's heading and its message, once the browser has landed on `path`. */
async function landedOn(page: Page, path: string): Promise<{ heading: string; message: string }> {
  await page.waitForURL((url) => url.pathname === path);
  const result = page.getByTestId('form-result');
  return { heading: (await result.locator('h1').textContent()) ?? '', message: (await result.getByRole('status').textContent()) ?? '' };
}

describe('newsletter form without JavaScript', () => {
  it('subscribes and lands on a page that says so', async () => {
    const { page } = await browser.open('/vpn-gaming', { javaScript: false });
    const form = page.locator('footer form');
    await form.getByLabel('Email address').fill(`no-js-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect(await landedOn(page, '/newsletter/subscribed')).toEqual({ heading: 'Check Your Inbox', message: SUBSCRIBED });
    expect(await page.title()).toBe('Check Your Inbox | VPN Compass');
    // "Subscribed" is said only once the mail's link is opened.
    expect(await page.getByTestId('form-result').textContent()).not.toMatch(/you're subscribed|successfully subscribed/i);
  });

  it('lands on the invalid page for an address without an @, with the form there to try again', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    await page.locator('footer form').getByLabel('Email address').fill('reader.example.com');
    await page.locator('footer form').getByRole('button', { name: 'Subscribe' }).click();
    expect(await landedOn(page, '/newsletter/invalid')).toEqual({ heading: 'Check Your Email Address', message: INVALID_EMAIL });
    expect(await page.locator('footer form').getByLabel('Email address').count()).toBe(1);
  });
});

describe('contact form without JavaScript', () => {
  it('sends the message and lands on the sent page', async () => {
    const { page } = await browser.open('/contact-us', { javaScript: false });
    await page.getByLabel('Name *').fill('Grace Hopper');
    await page.getByLabel('Email *').fill('grace@example.com');
    await page.getByLabel('Message *').fill('Sent with JavaScript turned off.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await landedOn(page, '/contact-us/sent')).toEqual({ heading: 'Message Sent', message: SENT });
  });

  it('lets the browser hold back a form with a required field empty', async () => {
    const { page } = await browser.open('/contact-us', { javaScript: false });
    for (const label of ['Name *', 'Email *', 'Message *'])
      expect(await page.getByLabel(label).evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    await page.getByLabel('Email *').fill('grace@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Name *').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/contact-us');
  });

  it('lands on the invalid page with a way back to the form when a field is only spaces', async () => {
    const { page } = await browser.open('/contact-us', { javaScript: false });
    await page.getByLabel('Name *').fill('   ');
    await page.getByLabel('Email *').fill('grace@example.com');
    await page.getByLabel('Message *').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await landedOn(page, '/contact-us/invalid')).toEqual({ heading: 'Check Your Message', message: MISSING });
    expect(new URL(page.url()).search).toBe('?problems=name');
    // The one problem, as a link back to its field; the others the page could list stay hidden.
    const problems = page.getByTestId('form-problems').getByRole('link');
    await expect.poll(() => problems.allInnerTexts()).toEqual(['Enter your name.']);
    expect(await problems.first().getAttribute('href')).toBe('/contact-us#contact-name');
    expect(await page.getByRole('link', { name: 'Back to the Contact Form' }).getAttribute('href')).toBe('/contact-us');
  });
});

describe('form result pages', () => {
  it('are kept out of search and out of the sitemap, and pass axe', async () => {
    const sitemap = await (await fetch(new URL('/sitemap.xml', browser.baseUrl()))).text();
    for (const path of [
      '/newsletter/subscribed',
      '/newsletter/invalid',
      '/newsletter/failed',
      '/contact-us/sent',
      '/contact-us/invalid',
      '/contact-us/failed',
    ]) {
      const res = await fetch(new URL(path, browser.baseUrl()));
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex"/>');
      expect(sitemap).not.toContain(path);
    }
    const { page } = await browser.open('/newsletter/failed');
    expect(await page.getByTestId('form-result').getByRole('status').textContent()).toBe('Failed to subscribe. Please try again.');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

describe('forms with JavaScript', () => {
  it('still post JSON and stay on the page, with the toast', async () => {
    const { page } = await browser.open('/vpn-gaming');
    await hydrated(page);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/newsletter-subscribe'));
    await page.locator('footer form').getByLabel('Email address').fill(`js-${Date.now()}@example.com`);
    await page.locator('footer form').getByRole('button', { name: 'Subscribe' }).click();
    const response = await answered;
    expect(response.request().headers()['content-type']).toBe('application/json');
    expect(response.status()).toBe(200);
    await page.getByText(SUBSCRIBED, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vpn-gaming');
  });
});
