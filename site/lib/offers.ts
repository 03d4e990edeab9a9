/**
 * Whether a dated offer runs. The site is prerendered, so a page is built with the build's date; in the browser,
 * once the page has hydrated, the visitor's date takes over if it is later, so a page built the day before a sale
 * ended does not go on advertising it. It is never taken when earlier: a wrong clock cannot bring an ended sale back.
 */
import { useEffect, useState } from 'react';

export type OfferState = 'upcoming' | 'running' | 'ended';

/** Both days included, compared as UTC dates (YYYY-MM-DD). */
export function offerState(offer: { startsOn: string; endsOn: string }, today: string): OfferState {
  if (today < offer.startsOn) return 'upcoming';
  return today > offer.endsOn ? 'ended' : 'running';
}

/** Today's UTC date: the build's while rendering and hydrating, then the browser's if that is later. */
export function useToday(buildToday: string): string {
  const [today, setToday] = useState(buildToday);
  useEffect(() => {
    const here = new Date().toISOString().slice(0, 10);
    if (here > buildToday) setToday(here);
  }, [buildToday]);
  return today;
}
