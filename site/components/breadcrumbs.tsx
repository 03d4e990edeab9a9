import { SiteLink } from './site-link';

/** One step of a page's trail: the same list feeds its BreadcrumbList (lib/structured-data.ts) and this component. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The page's place in the site, as its structured data names it: every step a link, and the page itself last.
 * `dark` is for a dark hero behind it.
 */
export function Breadcrumbs({ trail, dark = false }: { trail: readonly Crumb[]; dark?: boolean }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${dark ? 'text-blue-100' : 'text-slate-600'}`}>
      <ol className="flex flex-wrap gap-x-2 gap-y-1">
        {trail.map((step, i) => (
          <li key={step.path} className="flex gap-2">
            {i > 0 && <span aria-hidden="true">›</span>}
            {i < trail.length - 1 ? (
              <SiteLink to={step.path} className={dark ? 'hover:text-white hover:underline' : 'text-blue-700 hover:underline'}>
                {step.name}
              </SiteLink>
            ) : (
              <span aria-current="page">{step.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
