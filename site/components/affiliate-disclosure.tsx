import { useSite } from '../root';
import { SiteLink } from './site-link';

/**
 * The affiliate disclosure, placed beside each group of buttons that lead to /go/ rather than only in the footer:
 * a reader should meet it where the paid link is, before following it. Given the group's providers (and the named
 * link each button uses), it also says so when every one of them pays a commission.
 */
export function AffiliateDisclosure({
  className = '',
  providers,
}: {
  className?: string;
  providers?: readonly { provider: string; link?: string }[];
}) {
  const disclosure = useSite()?.disclosure;
  if (!disclosure) return null;
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
