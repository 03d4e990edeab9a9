/**
 * The speculation rules every built page carries (https://developer.chrome.com/docs/web-platform/prerender-pages): a
 * link to another page of the site is fetched when the visitor hovers it or presses on it, and the page is rendered
 * ahead at that moment too ("moderate" eagerness), so following it shows a finished page at once, without a client
 * router. A rendered-ahead page counts its view only when shown (site/islands/bootstrap.ts).
 *
 * Never fetched ahead: /go/ (a click is recorded and paid for only when followed), /api/, the form results (the
 * address of an outcome that did not happen), the newsletter's mail links (their tokens), and /stats.
 */
import { FORM_RESULTS, STATS_PATH } from '../../services/content/routes.ts';

/** URL patterns (https://urlpattern.spec.whatwg.org/) of the pages never fetched or rendered ahead. */
export const NEVER_AHEAD = [
  '/go/*',
  '/api/*',
  STATS_PATH,
  `${STATS_PATH}/*`,
  '/newsletter/*',
  ...Object.values(FORM_RESULTS).flatMap((outcomes) => Object.values(outcomes)),
].filter((p, i, all) => all.indexOf(p) === i && !(p.startsWith('/newsletter/') && p !== '/newsletter/*'));

const where = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: NEVER_AHEAD } },
    // Links that leave the site (rel=nofollow marks the paid ones) or open another tab.
    { not: { selector_matches: '[rel~=nofollow], [target=_blank], [download]' } },
  ],
};

/** The rules as JSON, for a `<script type="speculationrules">`. */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where, eagerness: 'moderate' }],
  prerender: [{ where, eagerness: 'moderate' }],
});
