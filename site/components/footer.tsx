import { LinkList } from './link-list';
import type { RootData } from '../lib/root-data.server';
import { Logo } from './logo';
import { NewsletterForm } from './newsletter-form';
import { Island } from './island';

/**
 * The footer: brand blurb, the link columns, the newsletter form, then the copyright line. Its id marks the end of
 * <main> for the build's first-paint step (scripts/build/first-paint.ts): the first frame waits for it.
 */
export function Footer({ brand, footer, copyrightYear }: Pick<RootData, 'brand' | 'footer' | 'copyrightYear'>) {
  return (
    <footer id="footer" className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo emoji={brand.logo} svg={brand.logoSvg} size={24} />
            {brand.name}
          </p>
          <p className="mt-3 text-sm leading-6">{footer.blurb}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.title}</h2>
            <LinkList
              links={column.links.map((l) => ({ to: l.href, text: l.label }))}
              className="mt-3 space-y-2 text-sm"
              linkClassName="hover:text-white hover:underline"
            />
          </nav>
        ))}
        <Island name="newsletter" component={NewsletterForm} props={footer.newsletter} />
      </div>
      <p className="border-t border-slate-800 py-6 text-center text-sm">
        © {copyrightYear} {brand.name}. {footer.rights}
      </p>
    </footer>
  );
}
