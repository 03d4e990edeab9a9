import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

const GUIDES = [
  { path: '/windows-setup-guide', title: 'Windows', time: '5 min setup', difficulty: 'Easy', variant: 'bg-slate-200' },
  { path: '/mobile-setup-guide', title: 'Mobile (iOS/Android)', time: '3 min setup', difficulty: 'Easy', variant: 'bg-slate-200' },
  { path: '/router-setup-guide', title: 'Router', time: '30 min setup', difficulty: 'Advanced', variant: 'bg-red-700' },
  { path: '/manual-setup-guide', title: 'Manual Configuration', time: '15 min setup', difficulty: 'Intermediate', variant: 'border' },
];

describe('setup guides index', () => {
  it('lists the platforms, four guide cards and the help block with JavaScript off', async () => {
    const { page } = await browser.open('/vpn-setup-guides', { javaScript: false });
    expect(await page.locator('h1').textContent()).toBe('VPN Setup Guides');
    for (const platform of ['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'Router']) {
      expect(await page.getByRole('heading', { level: 3, name: platform, exact: true }).count()).toBeGreaterThanOrEqual(1);
    }
    const cards = page.getByTestId('guide-card');
    expect(await cards.count()).toBe(4);
    for (const [i, g] of GUIDES.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(g.title);
      expect(await card.textContent()).toContain(g.time);
      const badge = card.getByText(g.difficulty, { exact: false }).first();
      expect(await badge.getAttribute('class')).toContain(g.variant);
      expect(await card.locator('ol li').count()).toBeGreaterThanOrEqual(3);
      expect(await card.getByRole('link', { name: 'View Detailed Guide' }).getAttribute('href')).toBe(g.path);
    }
    const help = page.locator('section', { has: page.getByRole('heading', { name: 'Need Help?' }) });
    for (const topic of ['Connection issues', 'Slow speeds', '24/7 support']) expect(await help.getByRole('heading', { name: topic }).count()).toBe(1);
  });

  it("'View Detailed Guide' does a full-page navigation to the guide", async () => {
    const { page } = await browser.open('/vpn-setup-guides');
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
    // A marker on window survives a client-side transition but not a document load.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const [response] = await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.getByTestId('guide-card').nth(2).getByRole('link', { name: 'View Detailed Guide' }).click(),
    ]);
    expect(response?.url()).toBe(new URL('/router-setup-guide', browser.baseUrl()).href);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.locator('h1').textContent()).toBe('How to Set Up a VPN on Your Router');
  });
});

describe('setup guides', () => {
  it('every guide links back to all setup guides', async () => {
    for (const g of GUIDES) {
      const { page } = await browser.open(g.path, { javaScript: false });
      expect(await page.getByRole('link', { name: 'Back to All Setup Guides' }).getAttribute('href')).toBe('/vpn-setup-guides');
      expect(await page.getByTestId('guide-facts').textContent()).toContain(g.time);
      expect(await page.locator('h1').count()).toBe(1);
    }
  });

  it('the back link returns to the index', async () => {
    const { page } = await browser.open('/mobile-setup-guide');
    await page.getByRole('link', { name: 'Back to All Setup Guides' }).click();
    await page.waitForURL(new URL('/vpn-setup-guides', browser.baseUrl()).href);
    // A client-side navigation commits the URL a moment before React renders the new page.
    await page.getByRole('heading', { level: 1, name: 'VPN Setup Guides' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('Windows: providers, five steps, requirements and four issues', async () => {
    const { page } = await browser.open('/windows-setup-guide', { javaScript: false });
    expect(await page.getByTestId('guide-facts').textContent()).toContain('Windows 10/11');
    const providers = page.getByTestId('guide-provider');
    expect(await providers.count()).toBeGreaterThanOrEqual(3);
    const recommended = providers.filter({ hasText: 'Recommended' });
    expect(await recommended.count()).toBe(1);
    const download = recommended.getByRole('link', { name: 'Download for Windows' });
    expect(await download.getAttribute('href')).toBe('/go/nordvpn/windows?from=%2Fwindows-setup-guide&placement=guide-windows');
    expect(await download.getAttribute('target')).toBe('_blank');
    expect(await download.getAttribute('rel')).toBe('sponsored nofollow noopener');
    // Every provider's button is a link through /go/: none is inert. Only a provider with a windows link offers the
    // download; the others' cards say where their button goes.
    expect(await page.getByRole('link', { name: 'Download for Windows' }).count()).toBe(1);
    for (const [slug, name] of [['surfshark', 'Surfshark'], ['cyberghost', 'CyberGhost'], ['protonvpn', 'Proton VPN']]) {
      const visit = providers.filter({ hasText: name }).getByRole('link', { name: `Visit ${name}` });
      expect(await visit.getAttribute('href')).toBe(`/go/${slug}/website?from=%2Fwindows-setup-guide&placement=guide-windows`);
    }
    expect(await page.getByRole('button', { name: 'Download for Windows' }).count()).toBe(0);
    expect(await page.getByTestId('step').count()).toBe(5);
    const minimum = page.locator('div', { has: page.getByRole('heading', { name: 'Minimum', exact: true }) }).last();
    expect(await minimum.textContent()).toContain('100 MB of free disk space');
    expect(await page.getByRole('heading', { name: 'Recommended', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('issue').count()).toBe(4);
  });

  it('Mobile: iOS and Android buttons per provider, five steps per platform, tips and five issues', async () => {
    const { page } = await browser.open('/mobile-setup-guide', { javaScript: false });
    expect(await page.getByTestId('guide-facts').textContent()).toContain('iOS and Android');
    const providers = page.getByTestId('guide-provider');
    // NordVPN has both apps' links; the others one button to their website, not two that promise a download.
    for (let i = 0; i < (await providers.count()); i++) {
      const card = providers.nth(i);
      const nord = (await card.getAttribute('data-provider')) === 'nordvpn';
      expect(await card.getByText('Download for iOS').count()).toBe(nord ? 1 : 0);
      expect(await card.getByText('Download for Android').count()).toBe(nord ? 1 : 0);
      expect(await card.getByRole('link').count()).toBe(nord ? 2 : 1);
    }
    const platforms = page.getByTestId('platform-steps');
    expect(await platforms.count()).toBe(2);
    for (let i = 0; i < 2; i++) expect(await platforms.nth(i).locator('li').count()).toBe(5);
    const tips = page.locator('section', { has: page.getByRole('heading', { name: 'Mobile VPN Tips' }) });
    expect(await tips.textContent()).toMatch(/battery/i);
    expect(await tips.textContent()).toMatch(/Wi-Fi/);
    expect(await page.getByTestId('issue').count()).toBe(5);
  });

  it('Router: benefits, four firmware types, config buttons, five steps, considerations and six issues', async () => {
    const { page } = await browser.open('/router-setup-guide', { javaScript: false });
    expect(await page.getByTestId('guide-facts').textContent()).toContain('Advanced');
    const benefits = page.locator('section', { has: page.getByRole('heading', { name: 'Why Use a VPN Router?' }) });
    expect(await benefits.locator('li').count()).toBe(3);
    const firmware = page.getByTestId('firmware');
    expect(await firmware.locator('h3').allTextContents()).toEqual(['DD-WRT', 'OpenWrt', 'ASUS Merlin', 'Stock Firmware']);
    for (let i = 0; i < 4; i++) {
      const text = await firmware.nth(i).textContent();
      expect(text).toContain('Difficulty:');
      expect(text).toContain('Compatibility:');
      expect(text).toContain('Features:');
    }
    const providers = page.getByTestId('guide-provider');
    for (let i = 0; i < (await providers.count()); i++) {
      expect(await providers.nth(i).textContent()).toContain('Protocols:');
      expect(await providers.nth(i).getByText('Get Router Config').count()).toBe(1);
    }
    expect(await page.getByTestId('step').count()).toBe(5);
    expect(await page.getByRole('heading', { name: 'Things to Consider' }).count()).toBe(1);
    expect(await page.getByTestId('issue').count()).toBe(6);
  });

  it('Manual: four protocols with their facts, four steps, per-OS steps, best practices and six issues', async () => {
    const { page } = await browser.open('/manual-setup-guide', { javaScript: false });
    expect(await page.getByTestId('guide-facts').textContent()).toContain('Intermediate/Advanced');
    const protocols = page.getByTestId('protocol');
    expect(await protocols.locator('h3').allTextContents()).toEqual(['OpenVPN', 'WireGuard', 'IKEv2/IPSec', 'L2TP/IPSec']);
    for (let i = 0; i < 4; i++) {
      const text = await protocols.nth(i).textContent();
      for (const label of ['Ports:', 'Encryption:', 'Difficulty:', 'Platforms:']) expect(text).toContain(label);
    }
    expect(await page.getByTestId('step').count()).toBe(4);
    expect(await page.getByTestId('platform-steps').locator('h3').allTextContents()).toEqual(['Windows', 'macOS', 'Linux', 'Mobile']);
    expect(await page.getByRole('heading', { name: 'Security Best Practices' }).count()).toBe(1);
    expect(await page.getByTestId('issue').count()).toBe(6);
  });
});
