import { useSite } from '../root';
import { SiteLink } from './site-link';

/**
 * The affiliate disclosure, placed beside each group of buttons that lead to /go/ rather than only in the footer:
 * a reader should meet it where the paid link is, before following it.
 */
export function AffiliateDisclosure({ className = '' }: { className?: string }) {
  const disclosure = useSite()?.disclosure;
  if (!disclosure) return null;
  return (
    <p data-affiliate-disclosure="" className={`text-xs leading-5 text-slate-600 ${className}`}>
      {disclosure.text}
      {disclosure.href && (
        <>
          {' '}
          <SiteLink to={disclosure.href} className="font-medium text-blue-700 underline hover:text-blue-900">{disclosure.link}</SiteLink>
        </>
      )}
    </p>
  );
}
