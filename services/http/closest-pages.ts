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

/** Levenshtein distance, stopping early past `max`: only near misses matter. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** How well one typed word matches a page's words: 3 the same, 2 a prefix either way, 1 a typo away, else 0. */
function wordScore(typed: string, pageWords: readonly string[]): number {
  let best = 0;
  for (const w of pageWords) {
    if (w === typed) return 3;
    if (typed.length >= 3 && w.length >= 3 && (w.startsWith(typed) || typed.startsWith(w))) best = Math.max(best, 2);
    else if (typed.length >= 4 && distance(typed, w, 2) <= (typed.length >= 7 ? 2 : 1)) best = Math.max(best, 1);
  }
  return best;
}

/** Up to `limit` pages, closest first; none when nothing in the path resembles a page. */
export function closestPages(path: string, pages: readonly SitePage[], limit = 5): SitePage[] {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean).map(decodeURIComponentSafe);
  const last = words(segments.at(-1) ?? '');
  const rest = words(segments.slice(0, -1).join(' '));
  const section = segments.length > 1 ? `/${segments[0]!.toLowerCase()}/` : undefined;
  const scored = pages.map((page) => {
    const own = [...words(page.path), ...words(page.title)];
    // The last segment is what was mistyped; the words before it mostly name the section.
    const name = last.reduce((t, w) => t + wordScore(w, own), 0);
    const score =
      name * 4 + rest.reduce((t, w) => t + wordScore(w, own), 0) + (section && page.path.toLowerCase().startsWith(section) ? 2 : 0);
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
