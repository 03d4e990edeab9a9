import { Logo } from './logo';
import { SiteLink } from './site-link';

/** A provider as the site names it everywhere: its logo, then its name. */
interface Named {
  name: string;
  logo?: string;
  logoSvg?: string;
}

/**
 * A provider's logo and name in one element (a heading, a line of text): the logo is decorative, so the element's
 * text is the name alone.
 */
export function ProviderName({
  p,
  as: Tag = 'h3',
  size,
  className,
}: {
  p: Named;
  as?: 'h2' | 'h3' | 'p';
  size: number;
  className: string;
}) {
  return (
    <Tag className={className}>
      <Logo emoji={p.logo} svg={p.logoSvg} size={size} />
      {p.name}
    </Tag>
  );
}

/** A table's row heading that leads to the provider's review: its logo and name as one link. */
export function ReviewLink({ p }: { p: Named & { slug: string } }) {
  return (
    <SiteLink to={`/vpn-reviews/${p.slug}`} className="inline-flex items-center gap-2 font-semibold text-blue-700 hover:underline">
      <Logo emoji={p.logo} svg={p.logoSvg} size={24} />
      {p.name}
    </SiteLink>
  );
}
