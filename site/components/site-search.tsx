/**
 * The header's search field, an island (components/island.tsx). Without JavaScript it is a plain GET form to the
 * results page. In a built page the bootstrap loads it on its first focus (`/` anywhere focuses it), and it then
 * loads the rest of the search (search-popup.tsx: the results under the field, its keys, and the index), so no
 * page's first load carries any of it.
 */
import { useEffect, useRef, useState } from 'react';
import { Icon } from './icon';
import type SearchPopup from './search-popup';

type Popup = typeof SearchPopup;

let popupModule: Promise<Popup> | undefined;
const loadPopup = () => (popupModule ??= import('./search-popup').then((m) => m.default));

/**
 * `/` focuses the search on screen: the header's field on wide screens; on narrow ones its icon leads to the results
 * page, whose field takes the cursor.
 * Typing into a field keeps `/` a character.
 */
function onSlash(event: KeyboardEvent) {
  const t = event.target;
  if (
    // A built page's bootstrap has already done it (site/islands/bootstrap.ts).
    event.defaultPrevented ||
    event.key !== '/' ||
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))
  )
    return;
  const field = [...document.querySelectorAll<HTMLInputElement>('header input[type=search]')].find((i) => i.offsetParent);
  const button = document.querySelector<HTMLElement>('[data-search-button]');
  if (!field && !button?.offsetParent) return;
  event.preventDefault();
  if (field) field.select();
  // The icon leads to the results page, whose field takes the cursor.
  else button!.click();
}

/** `id` names the field; the header's is the default, and any other page's field (the not-found page's) needs its own. */
export function SiteSearch({ id = 'site-search' }: { id?: string }) {
  const form = useRef<HTMLFormElement>(null);
  const [Results, setResults] = useState<Popup | null>(null);

  // A failed load (offline) leaves the plain form, which still reaches the results page.
  const start = () => {
    if (!Results) loadPopup().then((p) => setResults(() => p), console.error);
  };

  useEffect(() => {
    document.addEventListener('keydown', onSlash);
    // The focus that loaded this island came before it could listen: the results start now.
    if (form.current?.contains(document.activeElement)) loadPopup().then((p) => setResults(() => p), console.error);
    return () => document.removeEventListener('keydown', onSlash);
  }, []);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is announced as a search landmark everywhere; the newer <search> element is not yet known to every screen reader
    <form ref={form} role="search" action="/search" className="relative">
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <Icon name="search" size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        name="q"
        type="search"
        required
        autoComplete="off"
        placeholder="Search"
        onFocus={start}
        aria-keyshortcuts="/"
        className="w-full rounded-md border border-slate-300 bg-white py-1.5 pl-8 pr-7 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border border-slate-300 px-1 text-xs text-slate-500"
      >
        /
      </span>
      {Results && <Results id={`${id}-results`} form={form} />}
    </form>
  );
}
