import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { NotFound } from './components/not-found';
import { PageViewBeacon } from './components/page-view-beacon';
import { ClientLinks } from './components/site-link';
import { SiteStyles } from './components/site-styles';
import type { RootData } from './lib/root-data.server';
import { rootData } from './lib/root-data.server';
import stylesHref from './styles/app.css?url';

/** Site-wide content: brand, navigation, footer, the not-found and error texts, and how prices are labelled. */
export function loader() {
  return rootData();
}

/** The root's data from any route or boundary. */
export function useSite(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <SiteStyles href={stylesHref} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 break-words text-slate-900 antialiased">
        {children}
        {/*
          A built page runs no framework: the build takes React Router's scripts out again (React Router's prerender
          refuses a page without them) and adds one small bootstrap that counts the view and loads the islands
          (docs/islands.md). `vpnsite dev` hydrates the whole page instead, for hot reload, and follows links on the
          client; there these count the views and keep the scroll position as Back and Forward expect.
        */}
        {import.meta.env.DEV && (
          <>
            <ClientLinks />
            <PageViewBeacon />
            <ScrollRestoration />
          </>
        )}
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Header, main and footer around a page: the skip link first, so a keyboard reaches the content in one step.
 * <main> takes focus from the skip link (tabIndex -1) without joining the tab order.
 */
function Chrome({ site, children }: { site: RootData; children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-blue-700 font-semibold text-white focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-30 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header brand={site.brand} nav={site.nav} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer brand={site.brand} footer={site.footer} copyrightYear={site.copyrightYear} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome site={loaderData}>
      <Outlet />
    </Chrome>
  );
}

/**
 * A page that failed to load or render ('Unexpected Application Error!'), inside the site's layout and with
 * a way home. The link loads the home page afresh rather than asking the router that just failed.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const site = useSite();
  if (isRouteErrorResponse(error) && error.status === 404 && site) {
    return (
      <Chrome site={site}>
        <NotFound />
      </Chrome>
    );
  }
  const title = site?.errorPage.title ?? 'Unexpected Application Error!';
  const screen = (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="error-screen">
      <title>{site ? `${title} | ${site.brand.name}` : title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-red-700">{title}</h1>
      <p className="mt-4 text-slate-700">{site?.errorPage.text ?? 'Something went wrong while loading this page.'}</p>
      {isRouteErrorResponse(error) && <p className="mt-2 text-sm text-slate-600">{`${error.status} ${error.statusText}`}</p>}
      <a href="/" className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800">
        {site?.notFound.linkLabel ?? 'Return to Home'}
      </a>
    </section>
  );
  return site ? (
    <Chrome site={site}>{screen}</Chrome>
  ) : (
    <main id="main" className="flex-1">
      {screen}
    </main>
  );
}
