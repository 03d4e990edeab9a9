import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiUrl } from '../lib/api';

/**
 * Counts the page view, without cookies or storage: one beacon after the page loads and one after each client-side
 * navigation, with the path and where the reader came from. `?notrack=1` (the owner's own visits) is sent along and
 * not counted. The service decides the rest (bots, prefetches, unknown paths).
 */
export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const referrer = previous.current ?? document.referrer;
    previous.current = window.location.href;
    const notrack = /(?:^|[?&])notrack=(?:1|true)(?:&|$)/.test(search) || undefined;
    navigator.sendBeacon?.(apiUrl('/api/pv'), JSON.stringify({ path, referrer, notrack }));
  }, [pathname, search]);
  return null;
}
