/**
 * /search?q=…: every result for a query. The page is static: with JavaScript its island (components/search-page.tsx)
 * reads the query from its address and searches the index in the browser. Without it, the form still lands here, and the page offers what a static page
 * can: the sections, and every review, comparison and guide by name.
 */
import type { Route } from './+types/search';
import { Island } from '../components/island';
import { LinkList } from '../components/link-list';
import { BROWSE, ROOM, SearchPage } from '../components/search-page';
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

/** Runs as the page is parsed: a query in the address gets its room before anything is painted. */
const RESERVE_ROOM = {
  __html: `if((new URLSearchParams(location.search).get('q')||'').trim())document.getElementById('search-room').style.minHeight='${ROOM.minHeight}'`,
};

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Island name="search-page" component={SearchPage} props={{}} load="visible" />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by the page's CSP hash */}
      <script dangerouslySetInnerHTML={RESERVE_ROOM} />
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
