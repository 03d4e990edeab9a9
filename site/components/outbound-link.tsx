import type { ReactNode } from 'react';
import { OUTBOUND_REL } from '../lib/outbound';

export interface OutboundProps {
  /** Provider slug: the link goes through /go/<slug>, which records the click and redirects. */
  provider: string;
  /** The provider's configured link; a '#' placeholder renders an inert button (spec §4). Omit to always link. */
  link?: string;
  /** The page the button is on, e.g. "/vpn-deals". */
  from: string;
  /** Which button on the page, e.g. "card" or "hero". */
  placement: string;
  className?: string;
  children: ReactNode;
}

/** The tracked path for an outbound click: /go/<slug>?from=<path>&placement=<slot>. */
export function goHref(provider: string, from: string, placement: string): string {
  return `/go/${encodeURIComponent(provider)}?${new URLSearchParams({ from, placement })}`;
}

/**
 * An outbound button. Real links open /go/<slug> in a new tab; a placeholder ('#…') renders a button that
 * only writes to the console when clicked, as spec §4 describes.
 */
export function OutboundLink({ provider, link, from, placement, className = '', children }: OutboundProps) {
  if (link !== undefined && !/^https?:\/\//.test(link)) {
    return (
      <button type="button" className={className} data-placeholder={link} onClick={() => console.log(`Outbound link for ${provider} is not configured yet (${link})`)}>
        {children}
      </button>
    );
  }
  return (
    <a href={goHref(provider, from, placement)} target="_blank" rel={OUTBOUND_REL} className={className}>
      {children}
    </a>
  );
}
