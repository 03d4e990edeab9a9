/**
 * No dead ends, in Chromium: on every route, every link leads somewhere and every button does something; every
 * setup-guide button goes through /go/ to its own link (or the provider's website when it has none by that name).
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../services/content/index.ts';
import { useBrowser } from '../helpers/browser.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

const browser = useBrowser();
const loaded = loadContent('data', { today: BUILD_DAY });
const content = loaded.content!;
// The owner's dashboard needs the stats token and JavaScript for everything on it; tests/e2e/stats-dashboard.test.ts
// works each of its controls.
const pages = loaded.routes.filter((r) => r.kind !== 'stats').map((r) => r.path);

interface Control { tag: string; href: string | null; type: string | null; inForm: string | null; toggles: boolean; text: string }

// Every route, one after another in one tab, and every link followed: long on a busy machine.
const LONG = 600_000;

/** Where a link leads: 'ok', or what is wrong with it. */
async function follow(href: string): Promise<string> {
  const res = await fetch(new URL(href.startsWith('/go/') ? `${href}${href.includes('?') ? '&' : '?'}notrack=1` : href, browser.baseUrl()), { redirect: 'manual' });
  if (href.startsWith('/go/')) {
    const to = res.headers.get('location') ?? '';
    return res.status === 302 && /^https:\/\/[^/]+/.test(to) ? 'ok' : `${res.status} to "${to}"`;
  }
  return res.status === 200 ? 'ok' : String(res.status);
}

describe('no dead ends', () => {
  it('every link on every route leads to a page, an anchor on it or through /go/ to a provider, and every button does something', async () => {
    const problems: string[] = [];
    const followed = new Map<string, string>();
    // The not-found pages answer 404, which the browser reports on the console.
    const { page } = await browser.open('/', { ignore404: true });
    for (const path of pages) {
      await page.goto(new URL(path, browser.baseUrl()).href, { waitUntil: 'load' });
      await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      const controls = await page.locator('a, button, [role="button"]').evaluateAll((els) =>
        els.map((el): Control => ({
          tag: el.tagName.toLowerCase(),
          href: el.getAttribute('href'),
          type: el.getAttribute('type'),
          inForm: el.closest('form')?.getAttribute('action') ?? null,
          toggles: el.hasAttribute('aria-expanded') || el.hasAttribute('aria-controls'),
          text: (el.textContent ?? '').trim().slice(0, 40),
        })),
      );
      expect(controls.length, path).toBeGreaterThan(0);
      for (const c of controls) {
        const where = `${path}: ${c.tag} "${c.text}"`;
        if (c.tag !== 'a') {
          // A button submits a form that posts somewhere, or opens and closes something it controls.
          if (!((c.type === 'submit' || c.type === null) && c.inForm) && !c.toggles) problems.push(`${where} is a button that neither submits a form nor toggles anything`);
          continue;
        }
        const href = c.href ?? '';
        if (!href || href === '#' || href.startsWith('javascript:')) problems.push(`${where} has no destination (href "${href}")`);
        else if (href.startsWith('#')) {
          if ((await page.locator(`[id="${href.slice(1)}"]`).count()) === 0) problems.push(`${where} points at #${href.slice(1)}, which is not on the page`);
        } else if (href.startsWith('/')) {
          // A /go/ link's query only says where the click came from; its path decides where it leads.
          const key = href.startsWith('/go/') ? href.split('?')[0]! : href;
          if (!followed.has(key)) followed.set(key, await follow(key));
          if (followed.get(key) !== 'ok') problems.push(`${where} → ${href}: ${followed.get(key)}`);
        } else if (!/^(https?:|mailto:|tel:)/.test(href)) problems.push(`${where} has an odd href "${href}"`);
      }
    }
    expect(problems).toEqual([]);
    // The outbound buttons were among them: every provider's /go/ link was followed.
    for (const p of content.providers) expect(followed.get(`/go/${p.slug}`), p.slug).toBe('ok');
  }, LONG);

  it("sends every setup-guide button through /go/ to that provider's link of its own name, or its website", async () => {
    const checked: string[] = [];
    for (const guide of content.guides) {
      for (const block of guide.blocks) {
        if (block.type !== 'provider-downloads') continue;
        const path = `/${guide.slug}`;
        const { page } = await browser.open(path, { javaScript: false });
        const cards = page.getByTestId('guide-provider');
        expect(await cards.count()).toBe(block.providers.length);
        for (const [i, item] of block.providers.entries()) {
          const provider = content.providers.find((p) => p.slug === item.provider)!;
          for (const button of block.buttons) {
            const link = cards.nth(i).getByRole('link', { name: button.label });
            const href = await link.getAttribute('href');
            expect(href, `${path} ${item.provider} ${button.label}`).toBe(`/go/${item.provider}/${button.link}?${new URLSearchParams({ from: path, placement: `guide-${button.link}` })}`);
            const res = await fetch(new URL(`${href}&notrack=1`, browser.baseUrl()), { redirect: 'manual' });
            const own = (provider.links as Partial<Record<string, string>>)[button.link];
            expect(res.status).toBe(302);
            expect(res.headers.get('location'), `${path} ${item.provider} ${button.label}`).toBe(own ?? provider.links.website);
            checked.push(`${item.provider}/${button.link}${own ? '' : ' (website)'}`);
          }
        }
      }
    }
    // Both kinds were seen: a provider's own download link, and the fallback to its website.
    expect(checked).toContain('nordvpn/windows');
    expect(checked).toContain('surfshark/windows (website)');
  }, LONG);
});
