import type { ReactNode } from 'react';
import { OUTBOUND_REL } from '../lib/outbound';

export interface OutboundProps {
  /** Provider slug: the link goes through /go/<slug>, which records the click and redirects. */
  provider: string;
  /**
   * One of the provider's named links (website, windows, ios, …), reached through /go/<slug>/<name>; without it,
   * the affiliate link. Either way /go/ falls back to the provider's website, so the button always leads somewhere.
   */
  destination?: string;
  /** The page the button is on, e.g. "/vpn-deals". */
  from: string;
  /** Which button on the page, e.g. "card" or "hero". */
  placement: string;
  className?: string;
  children: ReactNode;
}

/** The tracked path for an outbound click: /go/<slug>[/<link>]?from=<path>&placement=<slot>. */
export function goHref(provider: string, from: string, placement: string, destination?: string): string {
  const link = destination ? `/${encodeURIComponent(destination)}` : '';
  return `/go/${encodeURIComponent(provider)}${link}?${new URLSearchParams({ from, placement })}`;
}

/** An outbound button: /go/<slug> (or /go/<slug>/<link>) in a new tab; the target comes from content on the server. */
export function OutboundLink({ provider, destination, from, placement, className = '', children }: OutboundProps) {
  return (
    <a href={goHref(provider, from, placement, destination)} target="_blank" rel={OUTBOUND_REL} className={className}>
      {children}
    </a>
  );
}
