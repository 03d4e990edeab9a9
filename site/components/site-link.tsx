import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A link to one of the site's pages, followed on the client like React Router's `<Link>`, as a plain `<a>`.
 *
 * Every page holds ~30 of them (header, footer, content). As `<Link>`s, each ran a dozen router hooks while being
 * prerendered and again while hydrating; rendering a page took ~13 % less CPU without them (docs/build-scaling.md).
 * One listener for the whole document (ClientLinks) does what each `<Link>` did on a click.
 */
export function SiteLink({ to, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={to} data-link="" {...props} />;
}

/** What React Router's `<NavLink end>` marks active: the current page is the link's own (case and a final slash aside). */
export function isCurrent(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  return here === there || here === `${there}/`;
}

/** A link of the main navigation: `aria-current="page"` and the active colour on the current page. */
export function NavSiteLink({
  to,
  active,
  inactive,
  ...props
}: { to: string; active: string; inactive: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>) {
  const current = isCurrent(useLocation().pathname, to);
  return <SiteLink to={to} className={current ? active : inactive} aria-current={current ? 'page' : undefined} {...props} />;
}

/**
 * Follows a click on a SiteLink on the client, as React Router's `<Link>` does: a plain left click, without a
 * modifier key, on a link to this origin that opens in this tab. Anything else (a new tab, a download, a click
 * a handler already took) is left to the browser.
 */
export function ClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-link]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      // As `<Link>`: a link to the page already shown replaces its history entry instead of adding another.
      void navigate(to, { replace: to === `${window.location.pathname}${window.location.search}${window.location.hash}` });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
