/**
 * /search?q=…: every result for a query. The page is static: with JavaScript it reads the query from its address and
 * searches the index in the browser. Without it, the form still lands here, and the page offers what a static page
 * can: the sections, and every review, comparison and guide by name.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { Route } from './+types/search';
import type { SearchHit } from '../lib/search';
import { SEARCH_PATH } from '../../services/content/paths.ts';
import { LinkList } from '../components/link-list';
import { getContent } from '../lib/content.server';

export function loader() {
  const { content, routes, providers } = getContent();
  // A review of a service that has shut down is an archive: listed apart, so "Reviews" counts those the site rates.
  const archived = (r: (typeof routes)[number]) => r.kind === 'review' && providers.get(r.slug ?? '')?.status === 'discontinued';
  const of = (kind: string, keep: (r: (typeof routes)[number]) => boolean = (r) => !archived(r)) =>
    routes.filter((r) => r.kind === kind && !r.noindex && keep(r)).map((r) => ({ path: r.path, title: r.title.split(' | ')[0]! }));
  return {
    brand: content.site.brand.name,
    directory: [
      { title: 'Reviews', links: of('review') },
      { title: 'Archived reviews (services that have shut down)', links: of('review', archived) },
      { title: 'Comparisons', links: [...of('compare-index'), ...of('compare')] },
      { title: 'Setup guides', links: of('guide') },
    ].filter((g) => g.links.length > 0),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  // A results page is never indexed: its content is the other pages'.
  return [
    { title: `Search | ${loaderData.brand}` },
    { name: 'description', content: `Search every review, comparison, guide and article of ${loaderData.brand}.` },
    { name: 'robots', content: 'noindex' },
  ];
}

type Found = { query: string; total: number; hits: SearchHit[]; Row: SearchUi['SearchResult'] } | { query: string; failed: true };

/** The search and its result rows, loaded with the header's results list on first use (no page's first load has them). */
type SearchUi = typeof import('../components/search-popup');
let ui: Promise<SearchUi> | undefined;
/** A failed load (offline) is tried again on the next search. */
const loadUi = () =>
  (ui ??= import('../components/search-popup').catch((error: unknown) => {
    ui = undefined;
    throw error;
  }));

/** The height kept for the results while there is a query (its script below sets the same before React runs). */
const ROOM = { minHeight: '100svh' } as const;
/** Runs as the page is parsed: a query in the address gets its room before anything is painted. */
const RESERVE_ROOM = {
  __html: `if((new URLSearchParams(location.search).get('q')||'').trim())document.getElementById('search-room').style.minHeight='${ROOM.minHeight}'`,
};

const unsubscribed = () => () => {};
/**
 * True in the prerendered page and while React hydrates it; false once it has, and for a visit React renders in the
 * browser, which never runs a script it renders (and says so in development).
 */
const useHydrating = () =>
  useSyncExternalStore(
    unsubscribed,
    () => false,
    () => true,
  );

/** The directory under the results, which the room keeps a screen below them. */
const BROWSE = 'browse';
/** Where a search that found nothing can go on from: the directory, off the screen under the results' room. */
function BrowseLink() {
  return (
    <a href={`#${BROWSE}`} className="text-blue-700 underline hover:text-blue-800">
      browse every review, comparison and guide
    </a>
  );
}

/** Up to this many results; past it, a narrower query serves better than a longer list. */
const LIMIT = 50;

export default function Search({ loaderData }: Route.ComponentProps) {
  // useLocation rather than useSearchParams: every page already ships it.
  const query = (new URLSearchParams(useLocation().search).get('q') ?? '').trim();
  const [found, setFound] = useState<Found | null>(null);
  // Results are shown by the page's script: the prerendered page and its hydration show the form alone.
  const scripted = !useHydrating();

  useEffect(() => {
    if (!query) return;
    let current = true;
    loadUi()
      .then(async (m) => ({ Row: m.SearchResult, ...(await m.searchSite(query, LIMIT)) }))
      .then(
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

  const ready = found && found.query === query;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{query && scripted ? `Results for “${query}”` : 'Search'}</h1>
      {/* key: a new query from the header's field refills this one. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is announced as a search landmark everywhere; the newer <search> element is not yet known to every screen reader */}
      <form role="search" action={SEARCH_PATH} method="get" className="mt-6 flex gap-2" key={query}>
        <label htmlFor="search-page-q" className="sr-only">
          Search the site
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          required
          defaultValue={query}
          // biome-ignore lint/a11y/noAutofocus: an empty results page is where the search icon and `/` lead, so the visitor has asked for this field
          autoFocus={!query}
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
        which the prerendered page cannot know, so the script below reserves the room before the first paint, and the
        style prop keeps it once React has hydrated.
      */}
      <div id="search-room" style={query ? ROOM : undefined} suppressHydrationWarning>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by the page's CSP hash like React Router's own */}
        {!scripted && <script dangerouslySetInnerHTML={RESERVE_ROOM} />}
        {scripted && query && (
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
                    <found.Row key={hit.url} hit={hit} />
                  ))}
                </ol>
              </>
            )}
          </section>
        )}
      </div>
      {/* noscript, not state: removed on hydration, the line moved everything below it (a layout shift on every visit). */}
      <noscript>
        <p className="mt-6 text-slate-700" data-testid="search-no-script">
          Searching needs JavaScript in your browser. Every review, comparison and guide is listed below, and the menu leads to each
          section.
        </p>
      </noscript>
      <nav id={BROWSE} aria-label="Browse the site" className="mt-12 grid gap-8 border-t border-slate-200 pt-8 sm:grid-cols-3">
        {loaderData.directory.map((group) => (
          <section key={group.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{group.title}</h2>
            <LinkList links={group.links.map((l) => ({ to: l.path, text: l.title }))} className="mt-3 space-y-1 text-sm" />
          </section>
        ))}
      </nav>
    </div>
  );
}
