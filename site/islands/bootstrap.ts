/**
 * The one script a built page runs before a visitor acts, inline at the end of <body> (docs/islands.md). It must
 * stay small (data/site.yaml budgets.bootstrapBytes, checked by the build): everything else is in the islands.
 * - Counts the page view (POST /api/pv, no cookies): once, when the page is shown. A page the browser prerendered
 *   through the speculation rules runs this while hidden; `document.prerendering` holds the beacon until
 *   `prerenderingchange` (https://developer.chrome.com/docs/web-platform/prerender-pages), so one that is never
 *   shown is never counted. `?notrack=1` (the owner's own visits) is sent along for the service to skip.
 * - Loads each island's file on the first focus, input, pointer-down or click inside it, or once it is near the
 *   screen for one marked `data-load="visible"`, and hands it the island's wrapper and props.
 * - `/` anywhere but in a field puts the cursor in the header's search (its first focus loads the search island);
 *   on a narrow screen, where the header has its icon instead, it follows the icon to the results page.
 * - The small-screen menu (a <details>) closes on Escape, back on its button, and on a press outside it.
 * - The not-found page writes the address it was asked for to the console.
 *
 * The build replaces ISLANDS with the islands' hashed file names and API_ORIGIN with the form API's origin.
 */
declare const ISLANDS: Record<string, string>;
declare const API_ORIGIN: string;

type Island = HTMLElement & { loading?: Promise<void> };

const d = document;
const here = location.pathname;

const count = () =>
  navigator.sendBeacon?.(
    `${API_ORIGIN}/api/pv`,
    JSON.stringify({
      path: here.length > 1 ? here.replace(/\/+$/, '') : here,
      referrer: d.referrer,
      notrack: /(?:^|[?&])notrack=(?:1|true)(?:&|$)/.test(location.search) || undefined,
    }),
  );
if ((d as Document & { prerendering?: boolean }).prerendering) d.addEventListener('prerenderingchange', count, { once: true });
else count();

/** Loads an island once; a failed load (offline) leaves the plain HTML, and the next interaction tries again. */
const load = (el: Island) =>
  (el.loading ??= import(ISLANDS[el.dataset.island!]!)
    .then((m: { default: (el: HTMLElement, props: unknown) => Promise<void> }) =>
      m.default(el, JSON.parse(el.nextElementSibling!.textContent!)),
    )
    .catch((error: unknown) => {
      el.loading = undefined;
      console.error(error);
    }));

// The wrappers take no box of their own (display: contents), so what is watched is what they hold.
const near = new IntersectionObserver(
  (entries) => {
    for (const e of entries)
      if (e.isIntersecting) {
        near.unobserve(e.target);
        load(e.target.parentElement as Island);
      }
  },
  { rootMargin: '200px' },
);
for (const el of d.querySelectorAll<Island>('[data-island]')) {
  if (el.dataset.load) for (const child of el.children) near.observe(child);
  for (const type of ['focusin', 'input', 'pointerdown', 'click']) el.addEventListener(type, () => load(el), { once: true });
}

const menu = () => d.querySelector<HTMLDetailsElement>('header details[open]');
d.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if (e.key === 'Escape' && menu()) {
    menu()!.open = false;
    d.querySelector<HTMLElement>('header summary')!.focus();
  }
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
  const field = [...d.querySelectorAll<HTMLInputElement>('header input[type=search]')].find((i) => i.offsetParent);
  const button = d.querySelector<HTMLElement>('[data-search-button]');
  if (!field && !button?.offsetParent) return;
  e.preventDefault();
  if (field) {
    field.focus();
    field.select();
  } else button!.click();
});
d.addEventListener('pointerdown', (e) => {
  if (!menu()?.contains(e.target as Node)) menu()?.removeAttribute('open');
});

if (d.querySelector('[data-testid=not-found]')) console.warn(`404: no page at ${here}`);
