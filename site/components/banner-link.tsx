import { SiteLink } from './site-link';

/** The white button on a dark banner (the home page's hero, an article's call to action) that leads on in the site. */
export function BannerLink({ link, className }: { link: { href: string; label: string }; className: string }) {
  return (
    <SiteLink
      to={link.href}
      className={`${className} inline-block rounded-md bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50`}
    >
      {link.label}
    </SiteLink>
  );
}
