/**
 * The pages whose names come closest to a path that leads nowhere: `/vpn-reviews/nord` → the NordVPN review. Each
 * word of the path is matched against the words of every page's path and title (the same word, one the other
 * begins with, or one a typo away); the mistyped last segment counts most, and a page in the same section breaks
 * ties. The service fills them into the not-found page it sends, so they show without JavaScript too.
 */

export interface SitePage {
  path: string;
  title: string;
}

/** The build writes every searchable page here (path and title), for the service's not-found answers. */
export const SITE_PAGES_FILE = 'site-pages.json';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

const rows = [new Int32Array(64), new Int32Array(64)];

/** Levenshtein distance, stopping early past `max`: only near misses matter. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length >= rows[0]!.length) return max + 1;
  let prev = rows[0]!;
  let row = rows[1]!;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      if (row[j]! < least) least = row[j]!;
    }
    // Every later row is at least this row's least: past `max` already, it stays past.
    if (least > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/** How well one typed word matches one word of a page: 3 the same, 2 a prefix either way, 1 a typo away, else 0. */
function wordScore(typed: string, w: string): number {
  if (w === typed) return 3;
  if (typed.length >= 3 && w.length >= 3 && (w.startsWith(typed) || typed.startsWith(w))) return 2;
  if (typed.length >= 4 && distance(typed, w, 2) <= (typed.length >= 7 ? 2 : 1)) return 1;
  return 0;
}

/** Longest path (without its query) the suggestions are looked for: a longer one is no mistyped address. */
export const MAX_SUGGESTED_PATH = 80;
/** Words of a path matched at most: the last segment's and the rest's, each. */
const MAX_WORDS = 6;

/**
 * The pages' words, each once (pages share most of theirs: vpn, review, nordvpn…), and each page's as indexes into
 * them, with the site's sections; made once per list of pages. A typed word is then scored against each distinct
 * word once, not against every page's.
 */
interface PageIndex {
  vocabulary: string[];
  pageWords: number[][];
  sections: Set<string>;
}
const indexes = new WeakMap<readonly SitePage[], PageIndex>();
function indexOf(pages: readonly SitePage[]): PageIndex {
  let index = indexes.get(pages);
  if (index) return index;
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1);
  const pageWords = pages.map((p) => [...new Set([...words(p.path), ...words(p.title)].map(id))]);
  const sections = new Set(pages.map((p) => p.path.split('/')[1]!.toLowerCase()).filter(Boolean));
  index = { vocabulary: [...ids.keys()], pageWords, sections };
  indexes.set(pages, index);
  return index;
}

/**
 * Whether a path that leads nowhere is worth suggesting pages for: a short one (MAX_SUGGESTED_PATH), of one segment
 * (a mistyped page) or under one of the site's own sections. Anything else (a long path, /go/, /api/, a scanner's
 * /wp-admin/…) gets the plain not-found page, at the plain not-found page's cost.
 */
export function worthSuggesting(path: string, pages: readonly SitePage[]): boolean {
  const bare = path.split(/[?#]/)[0]!;
  if (bare.length > MAX_SUGGESTED_PATH) return false;
  const segments = bare.split('/').filter(Boolean);
  if (segments.length <= 1) return true;
  return segments.length <= 3 && indexOf(pages).sections.has(segments[0]!.toLowerCase());
}

/** Up to `limit` pages, closest first; none when nothing in the path resembles a page. */
export function closestPages(path: string, pages: readonly SitePage[], limit = 5): SitePage[] {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean).map(decodeURIComponentSafe);
  const last = words(segments.at(-1) ?? '').slice(0, MAX_WORDS);
  const rest = words(segments.slice(0, -1).join(' ')).slice(0, MAX_WORDS);
  const section = segments.length > 1 ? `/${segments[0]!.toLowerCase()}/` : undefined;
  const { vocabulary, pageWords } = indexOf(pages);
  // Each typed word's score against each distinct word of the site.
  const scoresOf = (typed: string[]) => typed.map((t) => vocabulary.map((w) => wordScore(t, w)));
  const lastScores = scoresOf(last);
  const restScores = scoresOf(rest);
  const best = (scores: number[], own: number[]) => own.reduce((b, i) => Math.max(b, scores[i]!), 0);
  const scored = pages.map((page, i) => {
    const own = pageWords[i]!;
    // The last segment is what was mistyped; the words before it mostly name the section.
    const name = lastScores.reduce((t, s) => t + best(s, own), 0);
    const score =
      name * 4 + restScores.reduce((t, s) => t + best(s, own), 0) + (section && page.path.toLowerCase().startsWith(section) ? 2 : 0);
    return { page, name, score };
  });
  return scored
    .filter((s) => s.name > 0)
    .sort((a, b) => b.score - a.score || a.page.path.length - b.page.path.length)
    .slice(0, limit)
    .map((s) => s.page);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the not-found page leaves room for the suggestions (site/components/not-found.tsx renders it empty). */
export const SUGGESTIONS_SLOT = '<ul data-testid="not-found-suggestions"';

/**
 * The not-found page with the closest pages in its list, as links the site follows on the client (data-link). The
 * list is rendered by React with dangerouslySetInnerHTML, which hydration leaves as it finds it.
 */
export function withSuggestions(html: string, path: string, pages: readonly SitePage[]): string {
  if (!worthSuggesting(path, pages)) return html;
  const found = closestPages(path, pages);
  const at = html.indexOf(SUGGESTIONS_SLOT);
  if (!found.length || at === -1) return html;
  const close = html.indexOf('></ul>', at);
  if (close === -1) return html;
  const items = found
    .map(
      (p) =>
        `<li><a href="${escapeHtml(p.path)}" data-link="" class="block px-4 py-3 font-medium text-blue-700 hover:bg-slate-50 hover:underline">${escapeHtml(p.title)}</a></li>`,
    )
    .join('');
  return `${html.slice(0, close + 1)}${items}${html.slice(close + 1)}`;
}
