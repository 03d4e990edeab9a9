import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { NavLinks } from './header';
import { Section } from './section';
import { SiteLink } from './site-link';
import { SiteSearch } from './site-search';
import { Island } from './island';
import type { RootData } from '../lib/root-data.server';

/** The root's data, read here by id: the root imports this page, so this page does not import the root back. */
const useSite = () => useRouteLoaderData('root') as RootData | undefined;

/** The not-found page's head: it is never indexed. Its title and description come from the root's data (below). */
export const notFoundMeta = () => [{ name: 'robots', content: 'noindex' }];

/** Hydration leaves an element's dangerouslySetInnerHTML as it finds it: what the service put there stays. */
const FILLED_BY_SERVICE = { __html: '' };

/**
 * The not-found page: '404' and its heading, the search field (a plain form to the results page without
 * JavaScript), the pages whose names come closest to the address (filled in by the service), and the site's sections.
 */
export function NotFound() {
  const site = useSite();
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  if (!site) return null;
  const { notFound } = site;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" data-testid="not-found">
      <title>{notFound.meta.title}</title>
      <meta name="description" content={notFound.meta.description} />
      <p className="text-7xl font-extrabold text-blue-700">{notFound.code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound.title}</h1>
      <p className="mt-3 text-slate-700">{notFound.text}</p>
      <div className="mt-8 w-full text-left">
        <Island name="search" component={SiteSearch} props={{ id: 'not-found-search' }} />
      </div>
      {/* The service fills the list with the pages closest to the address; an empty one hides its section. */}
      <Section
        title={notFound.suggestions}
        className="mt-10 w-full text-left [&:not(:has(li))]:hidden"
        headingClassName="text-lg font-semibold"
      >
        <ul
          data-testid="not-found-suggestions"
          className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty here; the service fills it with links it escapes itself
          dangerouslySetInnerHTML={FILLED_BY_SERVICE}
        />
      </Section>
      <nav aria-label={notFound.sections} className="mt-10 w-full text-left">
        <h2 className="text-lg font-semibold">{notFound.sections}</h2>
        <NavLinks nav={site.nav} className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3" link="hover:underline " />
      </nav>
      <SiteLink
        to="/"
        className="mt-10 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {notFound.linkLabel}
      </SiteLink>
    </section>
  );
}

/**
 * The error boundary of a parameterised route: navigating in the browser to an unknown slug fetches its `.data`,
 * which answers 404, and that shows the not-found page. Any other error goes on to the root's boundary.
 */
export function NotFoundBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
