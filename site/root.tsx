import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { ClientLinks } from './components/site-link';
import { SiteStyles } from './components/site-styles';
import { getContent } from './lib/content.server';
import stylesHref from './styles/app.css?url';

/** Site-wide content: brand, navigation, footer, the not-found and error texts, and how prices are labelled. */
export function loader() {
  const { site } = getContent().content;
  const { brand, nav, footer, copyrightYear, notFound, errorPage, url } = site;
  return { brand, nav, footer, copyrightYear, notFound, errorPage, url, prices: { checked: site.prices.checked, period: site.prices.period } };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

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
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        {children}
        <ClientLinks />
        <Scripts />
      </body>
    </html>
  );
}

/** Spec §2: every route change scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScrollToTop />
      <Header brand={loaderData.brand} nav={loaderData.nav} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer brand={loaderData.brand} footer={loaderData.footer} copyrightYear={loaderData.copyrightYear} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const site = useSite();
  // Spec §8: a routing failure shows 'Unexpected Application Error!'. The text comes from site.yaml when the root data loaded.
  const title = site?.errorPage.title ?? 'Unexpected Application Error!';
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <main className="mx-auto max-w-2xl flex-1 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-red-700">{title}</h1>
      {detail && <p className="mt-4 text-slate-600">{detail}</p>}
    </main>
  );
}
