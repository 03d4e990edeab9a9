import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiUrl } from '../lib/api';

/**
 * Counts the page view, without cookies or storage: one beacon after the page loads and one after each client-side
 * navigation, with the path and where the reader came from. `?notrack=1` (the owner's own visits) is sent along and
 * not counted. A page the browser prerenders (Speculation Rules) is counted only once it is shown: `document.prerendering`
 * holds the beacon until `prerenderingchange` (https://developer.chrome.com/docs/web-platform/prerender-pages). The
 * service decides the rest (bots, prefetches, other sites' pages, pages that are not counted).
 */
export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const referrer = previous.current ?? document.referrer;
    previous.current = window.location.href;
    const notrack = /(?:^|[?&])notrack=(?:1|true)(?:&|$)/.test(search) || undefined;
    const send = () => navigator.sendBeacon?.(apiUrl('/api/pv'), JSON.stringify({ path, referrer, notrack }));
    if (!(document as Document & { prerendering?: boolean }).prerendering) {
      send();
      return;
    }
    document.addEventListener('prerenderingchange', send, { once: true });
    return () => document.removeEventListener('prerenderingchange', send);
  }, [pathname, search]);
  return null;
}
