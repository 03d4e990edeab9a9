import { NavSiteLink, SiteLink } from './site-link';
import type { RootData } from '../root';

/** The site header: the logo links home (spec §1), then the main navigation. */
export function Header({ brand, nav }: Pick<RootData, 'brand' | 'nav'>) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
        <SiteLink to="/" className="flex items-center gap-2 text-xl font-bold text-slate-900" aria-label={`${brand.name} home`}>
          <span aria-hidden="true">{brand.logo}</span>
          {brand.name}
        </SiteLink>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
            {nav.map((item) => (
              <li key={item.href}>
                <NavSiteLink to={item.href} active="text-blue-700" inactive="text-slate-700 hover:text-blue-700">
                  {item.label}
                </NavSiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
