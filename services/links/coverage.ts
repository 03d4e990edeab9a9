/**
 * Which of the site's outbound buttons earn: for each page and placement, how many distinct /go/ buttons there are
 * and how many reach a paid link (the affiliate link, or a named link deep-linked through it). Read from the built
 * pages' links, so it counts what visitors see. Pure: the caller says which targets are paid.
 */

export interface CoverageRow {
  page: string;
  placement: string;
  buttons: number;
  paid: number;
  /** The unpaid buttons, as provider[/link]. */
  unpaid: string[];
}

/** A /go/ href's provider, link name, page and placement; undefined for any other href. */
export function parseGoHref(href: string): { provider: string; link?: string; from?: string; placement?: string } | undefined {
  const m = /^\/go\/([^/?#]+)(?:\/([^/?#]+))?\/?(?:\?([^#]*))?/.exec(href);
  if (!m) return undefined;
  const q = new URLSearchParams(m[3] ?? '');
  const dec = (s: string) => decodeURIComponent(s).toLowerCase();
  return {
    provider: dec(m[1]!),
    ...(m[2] ? { link: dec(m[2]) } : {}),
    ...(q.get('from') ? { from: q.get('from')! } : {}),
    ...(q.get('placement') ? { placement: q.get('placement')! } : {}),
  };
}

/**
 * The coverage of every page: `pages` gives each page's path and its links' hrefs; `paid(provider, link)` says
 * whether that /go/ target is paid. A button is one distinct href on a page; its placement, '' when it has none.
 */
export function linkCoverage(
  pages: Iterable<[path: string, hrefs: readonly string[]]>,
  paid: (provider: string, link?: string) => boolean,
): CoverageRow[] {
  const rows = new Map<string, CoverageRow>();
  for (const [path, hrefs] of pages) {
    for (const href of new Set(hrefs)) {
      const go = parseGoHref(href);
      if (!go) continue;
      const placement = go.placement ?? '';
      const key = `${path}\n${placement}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { page: path, placement, buttons: 0, paid: 0, unpaid: [] }));
      row.buttons++;
      if (paid(go.provider, go.link)) row.paid++;
      else row.unpaid.push(go.link ? `${go.provider}/${go.link}` : go.provider);
    }
  }
  return [...rows.values()].sort((a, b) => a.page.localeCompare(b.page) || a.placement.localeCompare(b.placement));
}

/** The site's total: buttons, paid ones, and the share paid. */
export function coverageTotal(rows: readonly CoverageRow[]): { buttons: number; paid: number; share: number | null } {
  const buttons = rows.reduce((n, r) => n + r.buttons, 0);
  const paid = rows.reduce((n, r) => n + r.paid, 0);
  return { buttons, paid, share: buttons ? paid / buttons : null };
}

/** "56 of 145 outbound buttons (39 %) reach a paid link". */
export const coverageLine = (t: ReturnType<typeof coverageTotal>) =>
  `${t.paid} of ${t.buttons} outbound buttons${t.share === null ? '' : ` (${Math.round(t.share * 100)} %)`} reach a paid link`;
