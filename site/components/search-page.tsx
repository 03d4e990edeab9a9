/**
 * The results page's heading, field and results: an island (components/island.tsx) that loads as soon as the field
 * has the cursor, which an empty results page gives it. The page is static, so the query is read from the address
 * once the island runs; the page as built (and its hydration) shows the form alone. From then on the results follow
 * the field as one types, on a phone as in the header, and the address keeps the query (Back and a shared link show
 * the same results). Without JavaScript the form still lands here, and the page offers its directory.
 */
import { useEffect, useRef, useState } from 'react';
import { SEARCH_PATH } from '../../services/content/paths.ts';
import { searchHref, searchSite, type SearchHit } from '../lib/search';
import { SearchResult } from './search-results';

type Found = { query: string; total: number; hits: SearchHit[] } | { query: string; failed: true };

/** The height kept for the results while there is a query (the page's script sets the same before this runs). */
export const ROOM = { minHeight: '100svh' } as const;

/** The directory under the results, which the room keeps a screen below them. */
export const BROWSE = 'browse';

/** Up to this many results; past it, a narrower query serves better than a longer list. */
const LIMIT = 50;
/** How long the field is still before its query is searched. */
const PAUSE_MS = 150;

/** Where a search that found nothing can go on from: the directory, off the screen under the results' room. */
function BrowseLink() {
  return (
    <a href={`#${BROWSE}`} className="text-blue-700 underline hover:text-blue-800">
      browse every review, comparison and guide
    </a>
  );
}

const queryOf = (search: string) => (new URLSearchParams(search).get('q') ?? '').trim();

export function SearchPage() {
  const field = useRef<HTMLInputElement>(null);
  // Null until the island runs: the built page knows no query.
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);

  useEffect(() => {
    const q = queryOf(window.location.search);
    // What was typed before this code arrived counts too.
    if (field.current && !field.current.value) field.current.value = q;
    setQuery(field.current?.value.trim() ?? q);
  }, []);

  useEffect(() => {
    if (query === null) return;
    const target = query ? searchHref(query) : SEARCH_PATH;
    if (target !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', target);
    if (!query) return;
    let current = true;
    searchSite(query, LIMIT).then(
      (r) => current && setFound({ query, ...r }),
      (error: unknown) => {
        console.error(error);
        if (current) setFound({ query, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [query]);

  // The results follow the field once it has been still for a moment.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setQuery(input.value.trim()), PAUSE_MS);
    };
    input.addEventListener('input', onInput);
    return () => {
      clearTimeout(timer);
      input.removeEventListener('input', onInput);
    };
  }, []);

  const ready = query && found && found.query === query;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">{query ? `Results for “${query}”` : 'Search'}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is announced as a search landmark everywhere; the newer <search> element is not yet known to every screen reader */}
      <form
        role="search"
        action={SEARCH_PATH}
        method="get"
        className="mt-6 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(field.current?.value.trim() ?? '');
        }}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search the site
        </label>
        <input
          ref={field}
          id="search-page-q"
          name="q"
          type="search"
          required
          // biome-ignore lint/a11y/noAutofocus: an empty results page is where the search icon and `/` lead, so the visitor has asked for this field
          autoFocus
          placeholder="Try “netflix”, “kill switch” or “nord vs surf”"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700"
        />
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
          Search
        </button>
      </form>
      {/*
        Room for the results, a screen high while there is a query, so that the directory below does not move down as
        they come: a results page measured a layout shift of 0.61 on a phone without it. The query is in the address,
        which the built page cannot know, so the page's script reserves the room before the first paint, and the style
        keeps it once the island runs.
      */}
      <div id="search-room" style={query ? ROOM : undefined} suppressHydrationWarning>
        {query && (
          <section aria-live="polite" className="mt-8" data-testid="search-page-results">
            {!ready ? (
              <p className="text-slate-600">Searching…</p>
            ) : 'failed' in found ? (
              <p className="text-slate-700">
                Search is not available just now, but you can <BrowseLink />.
              </p>
            ) : (
              <>
                <p role="status" className="text-sm text-slate-600">
                  {found.total ? (
                    `${found.total} result${found.total === 1 ? '' : 's'}${found.total > LIMIT ? `, the first ${LIMIT} shown` : ''}`
                  ) : (
                    <>
                      No results for “{query}”. Try fewer or other words, or <BrowseLink />.
                    </>
                  )}
                </p>
                <ol className="mt-2 divide-y divide-slate-200">
                  {found.hits.map((hit) => (
                    <SearchResult key={hit.url} hit={hit} />
                  ))}
                </ol>
              </>
            )}
          </section>
        )}
      </div>
    </>
  );
}
