import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { all, byTestId, linksNamed, nameOf, one, staticPage, textOf } from '../helpers/static-page.ts';

const browser = useBrowser();
/** The headings under `root` of a level (any when 0) whose text is `name`. */
const headingsNamed = (root: ParentNode, name: string, level = 0) =>
  all(root, level ? `h${level}` : 'h1, h2, h3, h4, h5, h6').filter((h) => textOf(h) === name);
/** The sections under `root` that hold a heading named `name`. */
const sectionWith = (root: ParentNode, name: string, level = 0) =>
  all(root, 'section').filter((s) => headingsNamed(s, name, level).length > 0);

const GUIDES = [
  { path: '/windows-setup-guide', title: 'Windows', time: '5 min setup', difficulty: 'Easy', variant: 'bg-slate-200' },
  { path: '/mobile-setup-guide', title: 'Mobile (iOS/Android)', time: '3 min setup', difficulty: 'Easy', variant: 'bg-slate-200' },
  { path: '/router-setup-guide', title: 'Router', time: '30 min setup', difficulty: 'Advanced', variant: 'bg-red-700' },
  { path: '/manual-setup-guide', title: 'Manual Configuration', time: '15 min setup', difficulty: 'Intermediate', variant: 'border' },
];

describe('setup guides index', () => {
  it('lists the platforms, four guide cards and the help block with JavaScript off', () => {
    const page = staticPage('/vpn-setup-guides');
    expect(one(page, 'h1').textContent).toBe('VPN Setup Guides');
    for (const platform of ['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'Router'])
      expect(headingsNamed(page, platform, 3).length).toBeGreaterThanOrEqual(1);
    const cards = all(page, '[data-testid="guide-card"]');
    expect(cards).toHaveLength(4);
    for (const [i, g] of GUIDES.entries()) {
      const card = cards[i]!;
      expect(one(card, 'h3').textContent).toBe(g.title);
      expect(card.textContent).toContain(g.time);
      const badge = all(card, '*').find((el) => !el.querySelector('*') && (el.textContent ?? '').includes(g.difficulty))!;
      expect(badge.getAttribute('class')).toContain(g.variant);
      expect(all(card, 'ol li').length).toBeGreaterThanOrEqual(3);
      expect(linksNamed(card, 'View Detailed Guide')[0]!.getAttribute('href')).toBe(g.path);
    }
    const help = sectionWith(page, 'Need Help?').at(-1)!;
    for (const topic of ['Connection issues', 'Slow speeds', '24/7 support']) expect(headingsNamed(help, topic)).toHaveLength(1);
  });

  it("'View Detailed Guide' does a full-page navigation to the guide", async () => {
    const { page } = await browser.open('/vpn-setup-guides');
    await hydrated(page);
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
  it('every guide leads back to all setup guides through its breadcrumbs', () => {
    for (const g of GUIDES) {
      const page = staticPage(g.path);
      expect(linksNamed(page.querySelector('nav[aria-label="Breadcrumb"]')!, 'VPN Setup Guides')[0]!.getAttribute('href')).toBe(
        '/vpn-setup-guides',
      );
      expect(byTestId(page, 'guide-facts').textContent).toContain(g.time);
      expect(all(page, 'h1')).toHaveLength(1);
    }
  });

  it("every guide has 'Back to All Setup Guides' beside its breadcrumbs, to the index", () => {
    for (const g of GUIDES) {
      const page = staticPage(g.path);
      const crumbs = one(page, 'nav[aria-label="Breadcrumb"]');
      const back = byTestId(page, 'guide-back');
      expect([nameOf(back), back.getAttribute('href')], g.path).toEqual(['Back to All Setup Guides', '/vpn-setup-guides']);
      // Beside the trail: in the same row, before the guide's title.
      expect(back.parentElement, g.path).toBe(crumbs.parentElement);
      expect(
        all(page, '[data-testid="guide-back"], h1').map((e) => e.tagName.toLowerCase()),
        g.path,
      ).toEqual(['a', 'h1']);
    }
  });

  it('the breadcrumb returns to the index', async () => {
    const { page } = await browser.open('/mobile-setup-guide');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'VPN Setup Guides' }).click();
    await page.waitForURL(new URL('/vpn-setup-guides', browser.baseUrl()).href);
    // A client-side navigation commits the URL a moment before React renders the new page.
    await page.getByRole('heading', { level: 1, name: 'VPN Setup Guides' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('Windows: providers, five steps, requirements and four issues', () => {
    const page = staticPage('/windows-setup-guide');
    expect(byTestId(page, 'guide-facts').textContent).toContain('Windows 10/11');
    const providers = all(page, '[data-testid="guide-provider"]');
    expect(providers.length).toBeGreaterThanOrEqual(3);
    const recommended = providers.filter((p) => (p.textContent ?? '').includes('Recommended'));
    expect(recommended).toHaveLength(1);
    const download = linksNamed(recommended[0]!, 'Download for Windows')[0]!;
    expect(download.getAttribute('href')).toBe('/go/nordvpn/windows?from=%2Fwindows-setup-guide&placement=guide-windows');
    expect(download.getAttribute('target')).toBe('_blank');
    expect(download.getAttribute('rel')).toBe('sponsored nofollow noopener');
    // Every provider's button is a link through /go/: none is inert. Only a provider with a windows link offers the
    // download; the others' cards say where their button goes.
    expect(linksNamed(page, 'Download for Windows')).toHaveLength(1);
    for (const [slug, name] of [
      ['surfshark', 'Surfshark'],
      ['cyberghost', 'CyberGhost'],
      ['protonvpn', 'Proton VPN'],
    ] as const) {
      const card = providers.find((p) => (p.textContent ?? '').includes(name))!;
      expect(linksNamed(card, `Visit ${name}`)[0]!.getAttribute('href')).toBe(
        `/go/${slug}/website?from=%2Fwindows-setup-guide&placement=guide-windows`,
      );
    }
    expect(all(page, 'button').filter((b) => textOf(b) === 'Download for Windows')).toHaveLength(0);
    expect(all(page, '[data-testid="step"]')).toHaveLength(5);
    const minimum = all(page, 'div')
      .filter((d) => headingsNamed(d, 'Minimum').length > 0)
      .at(-1)!;
    expect(minimum.textContent).toContain('100 MB of free disk space');
    expect(headingsNamed(page, 'Recommended')).toHaveLength(1);
    expect(all(page, '[data-testid="issue"]')).toHaveLength(4);
  });

  it('Mobile: iOS and Android buttons per provider, five steps per platform, tips and five issues', () => {
    const page = staticPage('/mobile-setup-guide');
    expect(byTestId(page, 'guide-facts').textContent).toContain('iOS and Android');
    const providers = all(page, '[data-testid="guide-provider"]');
    expect(providers.length).toBeGreaterThan(1);
    // NordVPN has both apps' links; the others one button to their website, not two that promise a download.
    for (const card of providers) {
      const nord = card.getAttribute('data-provider') === 'nordvpn';
      expect(linksNamed(card, 'Download for iOS')).toHaveLength(nord ? 1 : 0);
      expect(linksNamed(card, 'Download for Android')).toHaveLength(nord ? 1 : 0);
      expect(all(card, 'a[href]')).toHaveLength(nord ? 2 : 1);
    }
    const platforms = all(page, '[data-testid="platform-steps"]');
    expect(platforms).toHaveLength(2);
    for (const p of platforms) expect(all(p, 'li')).toHaveLength(5);
    const tips = sectionWith(page, 'Mobile VPN Tips').at(-1)!;
    expect(tips.textContent).toMatch(/battery/i);
    expect(tips.textContent).toMatch(/Wi-Fi/);
    expect(all(page, '[data-testid="issue"]')).toHaveLength(5);
  });

  it('Router: benefits, four firmware types, config buttons, five steps, considerations and six issues', () => {
    const page = staticPage('/router-setup-guide');
    expect(byTestId(page, 'guide-facts').textContent).toContain('Advanced');
    const benefits = sectionWith(page, 'Why Use a VPN Router?').at(-1)!;
    expect(all(benefits, 'li')).toHaveLength(3);
    const firmware = all(page, '[data-testid="firmware"]');
    expect(firmware.flatMap((f) => all(f, 'h3').map((h) => h.textContent))).toEqual(['DD-WRT', 'OpenWrt', 'ASUS Merlin', 'Stock Firmware']);
    for (const f of firmware) for (const label of ['Difficulty:', 'Compatibility:', 'Features:']) expect(f.textContent).toContain(label);
    const providers = all(page, '[data-testid="guide-provider"]');
    expect(providers.length).toBeGreaterThan(0);
    // Only NordVPN publishes its router files at a link of its own; the others' cards say where their button goes.
    const hrefs = providers.map((p) => {
      expect(p.textContent).toContain('Protocols:');
      return all(p, 'a[href]').map((a) => [nameOf(a), a.getAttribute('href')]);
    });
    const at = (slug: string, link: string) => `/go/${slug}/${link}?from=%2Frouter-setup-guide&placement=guide-router`;
    expect(hrefs).toEqual([
      [['Get Router Config', at('nordvpn', 'router')]],
      [['Visit Surfshark', at('surfshark', 'website')]],
      [['Visit Private Internet Access', at('private-internet-access', 'website')]],
    ]);
    expect(all(page, '[data-testid="step"]')).toHaveLength(5);
    expect(headingsNamed(page, 'Things to Consider')).toHaveLength(1);
    expect(all(page, '[data-testid="issue"]')).toHaveLength(6);
  });

  it('Manual: four protocols with their facts, four steps, per-OS steps, best practices and six issues', () => {
    const page = staticPage('/manual-setup-guide');
    expect(byTestId(page, 'guide-facts').textContent).toContain('Intermediate/Advanced');
    const protocols = all(page, '[data-testid="protocol"]');
    expect(protocols.flatMap((p) => all(p, 'h3').map((h) => h.textContent))).toEqual(['OpenVPN', 'WireGuard', 'IKEv2/IPSec', 'L2TP/IPSec']);
    for (const p of protocols)
      for (const label of ['Ports:', 'Encryption:', 'Difficulty:', 'Platforms:']) expect(p.textContent).toContain(label);
    expect(all(page, '[data-testid="step"]')).toHaveLength(4);
    expect(all(page, '[data-testid="platform-steps"] h3').map((h) => h.textContent)).toEqual(['Windows', 'macOS', 'Linux', 'Mobile']);
    expect(headingsNamed(page, 'Security Best Practices')).toHaveLength(1);
    expect(all(page, '[data-testid="issue"]')).toHaveLength(6);
  });
});
