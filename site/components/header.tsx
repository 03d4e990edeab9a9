import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { Icon } from './icon';
import { Logo } from './logo';
import { NavSiteLink, SiteLink } from './site-link';
import { SiteSearch } from './site-search';
import { Island } from './island';
import type { RootData } from '../lib/root-data.server';

type Nav = RootData['nav'];

/** The navigation's links; `link` styles each one and `current` adds to the current page's. */
export function NavLinks({ nav, className, link, current = '' }: { nav: Nav; className: string; link: string; current?: string }) {
  return (
    <ul className={className}>
      {nav.map((item) => (
        <li key={item.href}>
          <NavSiteLink to={item.href} active={`${link}text-blue-700 ${current}`} inactive={`${link}text-slate-700 hover:text-blue-700`}>
            {item.label}
          </NavSiteLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu below the large breakpoint: a <details>, so it opens and closes by keyboard and without JavaScript.
 * With JavaScript it also closes on Escape (focus back on its button), on a click outside it or on one of its
 * links, and on every navigation (keyed by the path, it starts closed on each page).
 */
function MobileMenu({ nav }: { nav: Nav }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (ref.current?.open && event.target instanceof Node && !ref.current.contains(event.target)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);
  // A link followed on the client keeps the header mounted, and a link to the page shown keeps even its key.
  const onClick = (event: MouseEvent<HTMLDetailsElement>) => {
    if (ref.current && event.target instanceof Element && event.target.closest('a')) ref.current.open = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !ref.current?.open) return;
    ref.current.open = false;
    ref.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={ref} className="group lg:hidden" onKeyDown={onKeyDown} onClick={onClick}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" size={18} className="group-open:hidden" />
        <Icon name="x" size={18} className="hidden group-open:block" />
        Menu
      </summary>
      <nav aria-label="Main" className="absolute inset-x-0 top-full z-20 border-b border-slate-200 bg-white shadow-lg">
        <NavLinks
          nav={nav}
          className="mx-auto grid max-w-7xl gap-1 px-4 py-3 text-base font-medium sm:grid-cols-2"
          link="block rounded-md px-3 py-2 hover:bg-slate-100 "
          current="bg-blue-50"
        />
      </nav>
    </details>
  );
}

/**
 * The search: a field on extra-large screens; below, where the navigation leaves no room for it, an icon to the
 * results page, whose own field takes the cursor (with or without JavaScript).
 */
function HeaderSearch() {
  return (
    <>
      <SiteLink
        to="/search"
        aria-label="Search"
        data-search-button=""
        className="flex items-center rounded-md border border-slate-300 p-2 text-slate-800 hover:bg-slate-100 xl:hidden"
      >
        <Icon name="search" size={18} />
      </SiteLink>
      <div className="hidden w-44 shrink-0 xl:block">
        <Island name="search" component={SiteSearch} props={{}} />
      </div>
    </>
  );
}

/** The site header: the logo links home, then the main navigation and the search, as a menu and an icon on small screens. */
export function Header({ brand, nav }: Pick<RootData, 'brand' | 'nav'>) {
  const { pathname } = useLocation();
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <SiteLink
          to="/"
          className="flex shrink-0 items-center gap-2 py-1 text-xl font-bold text-slate-900"
          aria-label={`${brand.name} home`}
        >
          <Logo emoji={brand.logo} svg={brand.logoSvg} size={28} />
          {brand.name}
        </SiteLink>
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks nav={nav} className="flex gap-x-4 text-sm font-medium whitespace-nowrap" link="" />
        </nav>
        <div className="flex items-center gap-2">
          <HeaderSearch />
          <MobileMenu key={pathname} nav={nav} />
        </div>
      </div>
    </header>
  );
}
