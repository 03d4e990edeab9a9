import type { RootData } from '../lib/root-data.server';
import { SiteLink } from './site-link';

/** The site's disclosure texts, as the root's loader gives them. */
export type DisclosureTexts = RootData['disclosure'];

/** The disclosure from its texts, for an island, which reads nothing but its props (components/island.tsx). */
export function Disclosure({
  disclosure,
  className = '',
  providers,
}: {
  disclosure: DisclosureTexts;
  className?: string;
  providers?: readonly { provider: string; link?: string }[];
}) {
  const paying = new Set(disclosure.paying);
  const allPaid =
    providers !== undefined && providers.length > 0 && providers.every((p) => paying.has(p.link ? `${p.provider}/${p.link}` : p.provider));
  return (
    <p data-affiliate-disclosure="" className={`text-xs leading-5 text-slate-600 ${className}`}>
      {allPaid && (
        <strong className="font-semibold text-slate-800" data-all-paid="">
          {disclosure.allPaid}{' '}
        </strong>
      )}
      {disclosure.text}
      {disclosure.href && (
        <>
          {' '}
          <SiteLink to={disclosure.href} className="font-medium text-blue-700 underline hover:text-blue-900">
            {disclosure.link}
          </SiteLink>
        </>
      )}
    </p>
  );
}
