/**
 * The header search's behaviour, loaded with the index on the field's first focus: the results under the field as one
 * types, the arrow keys and Escape, and Enter to the results page. No page carries this code or the index until
 * someone searches; until it is in, the field is a plain form to the results page.
 */
import { useEffect, useState, type RefObject } from 'react';
import { SearchResult } from './search-results';
import { SiteLink } from './site-link';
import { searchHref, searchSite, type SearchHit } from '../lib/search';

const SHOWN = 6;

type Found = { query: string; total: number; hits: SearchHit[]; failed?: boolean };

export default function SearchPopup({ id, form }: { id: string; form: RefObject<HTMLFormElement | null> }) {
  // What was typed before this code arrived counts too.
  const [query, setQuery] = useState(() => form.current?.querySelector('input')?.value ?? '');
  const [open, setOpen] = useState(true);
  const [found, setFound] = useState<Found | null>(null);
  const close = () => setOpen(false);

  // Each query searches once it has been still for a moment; an older answer never replaces a newer one.
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    let current = true;
    const timer = setTimeout(() => {
      searchSite(q, SHOWN).then(
        (r) => current && setFound({ query: q, ...r }),
        (error: unknown) => {
          console.error(error);
          if (current) setFound({ query: q, total: 0, hits: [], failed: true });
        },
      );
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    const box = form.current;
    const field = box?.querySelector('input');
    if (!box || !field) return;
    field.setAttribute('aria-controls', id);
    const onInput = () => {
      setQuery(field.value);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      setOpen(false);
      window.location.assign(searchHref(field.value));
    };
    // A click outside closes the results.
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.contains(event.target)) setOpen(false);
    };
    // The arrow keys move between the field and the results; Escape closes them, back in the field.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        field.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const links = [...box.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(id)} a`)];
      if (!links.length) return;
      event.preventDefault();
      const next = links.indexOf(document.activeElement as HTMLAnchorElement) + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) field.focus();
      else links[Math.min(next, links.length - 1)]!.focus();
    };
    box.addEventListener('input', onInput);
    box.addEventListener('submit', onSubmit);
    box.addEventListener('keydown', onKeyDown);
    field.addEventListener('focus', onFocus);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('submit', onSubmit);
      box.removeEventListener('keydown', onKeyDown);
      field.removeEventListener('focus', onFocus);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [form, id]);

  const shown = open && found !== null && found.query === query.trim();
  return (
    // A result followed closes the list (the header stays mounted across pages). The links inside take the keys.
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: it listens for clicks on its links, which are keyboard-reachable themselves
    <div
      id={id}
      hidden={!shown}
      onClick={(e) => (e.target as Element).closest('a') && close()}
      className="absolute right-0 top-full z-30 mt-1 w-[min(28rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white text-left shadow-lg"
      data-testid="search-popup"
    >
      {shown && (
        <>
          <p role="status" className="px-3 pt-2 text-xs text-slate-600">
            {found.failed
              ? 'Search is not available just now.'
              : found.total
                ? `${found.total} result${found.total === 1 ? '' : 's'}`
                : `No results for “${found.query}”`}
          </p>
          <ul className="divide-y divide-slate-100">
            {found.hits.map((hit) => (
              <SearchResult key={hit.url} hit={hit} compact />
            ))}
          </ul>
          {found.total > 0 && (
            <SiteLink
              to={searchHref(found.query)}
              className="block border-t border-slate-100 px-3 py-2 text-sm font-medium text-blue-700 hover:bg-slate-50"
            >
              See all {found.total} results
            </SiteLink>
          )}
        </>
      )}
    </div>
  );
}
