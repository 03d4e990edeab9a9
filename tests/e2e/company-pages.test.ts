import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

describe('about page', () => {
  it('shows the mission, four values, the story, the statistics and the deals button with JavaScript off', async () => {
    const { page } = await browser.open('/about-us', { javaScript: false });
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: 'Our Mission' }).count()).toBe(1);
    const values = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'What We Stand For' }) });
    expect(await values.getByRole('heading', { level: 3 }).count()).toBe(4);
    const story = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Our Story' }) });
    expect(await story.textContent()).toContain('founded in 2020');
    const stats = await page.getByTestId('stat').allTextContents();
    // Counted from the content and from site.yaml's founding year to the build's (built in 2025, founded in 2020).
    expect(stats).toEqual(['Users protected9000+', 'VPNs reviewed7', 'Years of experience5']);
    expect(await page.getByRole('link', { name: 'View Best VPN Deals' }).getAttribute('href')).toBe('/vpn-deals');
  });
});

describe('legal pages', () => {
  it('terms of service: ten numbered sections, June 2025, the governing-law section', async () => {
    const { page } = await browser.open('/terms-of-service', { javaScript: false });
    expect(await page.locator('h1').textContent()).toBe('Terms of Service');
    expect(await page.getByText('Last updated June 2025').count()).toBe(1);
    const headings = await page.getByTestId('legal-section').locator('h2').allTextContents();
    expect(headings).toHaveLength(10);
    headings.forEach((h, i) => expect(h).toMatch(new RegExp(`^${i + 1}\\. `)));
    expect(headings[9]).toContain('Governing Law');
    // The governing law is site.yaml's, written in wherever the terms say {jurisdiction}: no placeholder is left.
    const law = (await page.getByTestId('legal-section').nth(9).textContent()) ?? '';
    expect(law).toContain('governed by the laws of England and Wales, without regard');
    expect(law).toContain('the competent courts of England and Wales.');
    expect(law).not.toMatch(/[[\]{}]/);
  });

  it('privacy policy: twelve sections, November 2026, minimum age 13 and what is really stored', async () => {
    const { page } = await browser.open('/privacy-policy', { javaScript: false });
    expect(await page.locator('h1').textContent()).toBe('Privacy Policy');
    expect(await page.getByText('Last updated November 2026').count()).toBe(1);
    const sections = page.getByTestId('legal-section');
    expect(await sections.count()).toBe(12);
    const text = (await page.locator('main').textContent())!;
    expect(text).toContain('under 13');
    expect(text).toMatch(/salt that changes every day/);
    expect(text).toContain('never store your raw IP address');
    expect(text).toMatch(/newsletter/i);
    expect(text).toMatch(/you receive the newsletter only after you open it/);
    expect(text).toMatch(/works with one click/);
    expect(text).toMatch(/contact form/i);
  });
});

describe('contact page', () => {
  it('has the hero, the info panel (no promise of a reply, as the site is built without CONTACT_NOTIFY_TO), the form fields and a four-question FAQ with JavaScript off', async () => {
    const { page } = await browser.open('/contact-us', { javaScript: false });
    expect(await page.locator('h1').textContent()).toBe('Contact Us');
    expect(await page.getByTestId('contact-info').textContent()).toContain('Office hours');
    expect(await page.getByTestId('contact-info').textContent()).not.toContain('within 24 hours');
    for (const label of ['Name *', 'Email *', 'Subject (optional)', 'Message *'])
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Email *').getAttribute('type')).toBe('email');
    const height = await page.getByLabel('Message *').evaluate((el) => parseFloat(getComputedStyle(el).minHeight));
    expect(height).toBeGreaterThanOrEqual(120);
    const honeypot = page.getByTestId('contact-form').locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await page.getByTestId('faq-item').count()).toBe(4);
  });
});
