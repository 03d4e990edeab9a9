/**
 * No dead ends: on every route's built page, every link leads somewhere and every button does something; every
 * setup-guide button goes through /go/ to its own link (or the provider's website when it has none by that name).
 */
import '../helpers/compiled-schemas.ts';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../services/content/index.ts';
import { ranked } from '../../services/content/pairs.ts';
import { useBrowser } from '../helpers/browser.ts';
import { builtPage } from '../helpers/built-site.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

const browser = useBrowser();
const loaded = loadContent('data', { today: BUILD_DAY });
const content = loaded.content!;
// The owner's dashboard needs the stats token and JavaScript for everything on it; tests/e2e/stats-dashboard.test.ts
// works each of its controls.
const pages = loaded.routes.filter((r) => r.kind !== 'stats').map((r) => r.path);

interface Control {
  tag: string;
  href: string | null;
  type: string | null;
  inForm: string | null;
  toggles: boolean;
  text: string;
}

/** The page's links and buttons, each with the form it sits in, and every id on it. */
function controlsOf(html: string): { controls: Control[]; ids: Set<string> } {
  const controls: Control[] = [];
  const ids = new Set<string>();
  const forms: (string | null)[] = [];
  const open: { control: Control; tag: string; depth: number }[] = [];
  let depth = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      depth++;
      if (attrs.id) ids.add(attrs.id);
      if (name === 'form') forms.push(attrs.action ?? null);
      if (name === 'a' || name === 'button' || attrs.role === 'button') {
        const control: Control = {
          tag: name,
          href: attrs.href ?? null,
          type: attrs.type ?? null,
          inForm: forms.at(-1) ?? null,
          toggles: 'aria-expanded' in attrs || 'aria-controls' in attrs,
          text: '',
        };
        controls.push(control);
        open.push({ control, tag: name, depth });
      }
    },
    ontext(text) {
      for (const o of open) o.control.text += text;
    },
    onclosetag(name) {
      if (name === 'form') forms.pop();
      while (open.length > 0 && open.at(-1)!.depth >= depth) open.pop();
      depth--;
    },
  });
  parser.write(html);
  parser.end();
  for (const c of controls) c.text = c.text.replace(/\s+/g, ' ').trim().slice(0, 40);
  return { controls, ids };
}

/** Where a link leads: 'ok', or what is wrong with it. */
async function follow(href: string): Promise<string> {
  const res = await fetch(
    new URL(href.startsWith('/go/') ? `${href}${href.includes('?') ? '&' : '?'}notrack=1` : href, browser.baseUrl()),
    { redirect: 'manual' },
  );
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
    for (const path of pages) {
      const { controls, ids } = controlsOf(builtPage(path));
      expect(controls.length, path).toBeGreaterThan(0);
      for (const c of controls) {
        const where = `${path}: ${c.tag} "${c.text}"`;
        if (c.tag !== 'a') {
          // A button submits a form that posts somewhere, or opens and closes something it controls.
          if (!((c.type === 'submit' || c.type === null) && c.inForm) && !c.toggles)
            problems.push(`${where} is a button that neither submits a form nor toggles anything`);
          continue;
        }
        const href = c.href ?? '';
        if (!href || href === '#' || href.startsWith('javascript:')) problems.push(`${where} has no destination (href "${href}")`);
        else if (href.startsWith('#')) {
          if (!ids.has(href.slice(1))) problems.push(`${where} points at #${href.slice(1)}, which is not on the page`);
        } else if (href.startsWith('/')) {
          // A /go/ link's query only says where the click came from; its path decides where it leads.
          const key = href.startsWith('/go/') ? href.split('?')[0]! : href;
          if (!followed.has(key)) followed.set(key, await follow(key));
          if (followed.get(key) !== 'ok') problems.push(`${where} → ${href}: ${followed.get(key)}`);
        } else if (!/^(https?:|mailto:|tel:)/.test(href)) problems.push(`${where} has an odd href "${href}"`);
      }
    }
    expect(problems).toEqual([]);
    // The outbound buttons were among them: the /go/ link of every reviewed provider still in business was followed
    // (one that has shut down has no button left, and one without a review is named only in running text).
    for (const p of content.providers.filter(ranked)) expect(followed.get(`/go/${p.slug}`), p.slug).toBe('ok');
  });

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
          const links = provider.links as Partial<Record<string, string>>;
          const shown = new Set<string>();
          for (const button of block.buttons) {
            // A provider without the button's link gets its `otherwise` text and its website: no promised download.
            const has = links[button.link] !== undefined || button.otherwise === undefined;
            const text = has ? button.label : button.otherwise!.replaceAll('{name}', provider.name);
            if (shown.has(text)) continue;
            shown.add(text);
            const destination = has ? button.link : 'website';
            const link = cards.nth(i).getByRole('link', { name: text });
            const href = await link.getAttribute('href');
            expect(href, `${path} ${item.provider} ${text}`).toBe(
              `/go/${item.provider}/${destination}?${new URLSearchParams({ from: path, placement: `guide-${button.link}` })}`,
            );
            const res = await fetch(new URL(`${href}&notrack=1`, browser.baseUrl()), { redirect: 'manual' });
            const target = links[destination] ?? provider.links.website;
            expect(res.status).toBe(302);
            // Straight to the link (its sub-ID filled in), or through the affiliate link with it as the deep-link target.
            const location = res.headers.get('location') ?? '';
            const reached = location.startsWith(target.split('?')[0]!) || location.includes(encodeURIComponent(target));
            expect(reached, `${path} ${item.provider} ${text}: ${location}`).toBe(true);
            checked.push(`${item.provider}/${destination}`);
          }
        }
      }
    }
    // Both kinds were seen: a provider's own download link, and the fallback to its website.
    expect(checked).toContain('nordvpn/windows');
    expect(checked).toContain('surfshark/website');
  });
});
