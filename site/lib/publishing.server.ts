/** Whether a page a loader renders is on the site now: only `vpnsite dev` renders those that are not (its ribbon). */
import { publishingNow, standing, standingText } from '../../services/content/index.ts';

export type Ribbon = { standing: 'draft' | 'scheduled' | 'expired'; text: string } | null;

export function ribbonFor(page: { draft?: boolean; publishAt?: string; expiresAt?: string }): Ribbon {
  const now = publishingNow();
  const s = standing(page, now);
  return s === 'live' ? null : { standing: s, text: standingText(page, now) };
}
