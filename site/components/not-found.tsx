import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { SiteLink } from './site-link';
import type { RootData } from '../root';

/** The root's data, read here by id: the root imports this page, so this page does not import the root back. */
const useSite = () => useRouteLoaderData('root') as RootData | undefined;

/** The not-found page's head: it is never indexed. Its title and description come from the root's data (below). */
export const notFoundMeta = () => [{ name: 'robots', content: 'noindex' }];

/** The not-found page: '404', 'Oops! Page not found', 'Return to Home', and the attempted path in the console. */
export function NotFound() {
  const site = useSite();
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  if (!site) return null;
  const { notFound } = site;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <title>{notFound.meta.title}</title>
      <meta name="description" content={notFound.meta.description} />
      <p className="text-7xl font-extrabold text-blue-700">{notFound.code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound.title}</h1>
      <SiteLink
        to="/"
        className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
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
