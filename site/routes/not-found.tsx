import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../root';

export function meta() {
  // The `*` route has no loader (ssr:false cannot prerender one); its texts come from the root's data.
  return [{ name: 'robots', content: 'noindex' }];
}

/** Spec §2: '404', 'Oops! Page not found', 'Return to Home', and the attempted path in the console. */
export default function NotFound() {
  const site = useSite();
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  if (!site) return null;
  const { notFound } = site;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{notFound.meta.title}</title>
      <meta name="description" content={notFound.meta.description} />
      <p className="text-7xl font-extrabold text-blue-700">{notFound.code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound.title}</h1>
      <Link to="/" className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        {notFound.linkLabel}
      </Link>
    </section>
  );
}
