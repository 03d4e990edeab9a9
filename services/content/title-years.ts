/**
 * A year in a title or heading claims the page is that year's: it must be the year of the page's own last update
 * (`updated:`), so that no page claims more freshness than it has, and none goes on saying an old year once it is
 * updated; the visible update line (`updatedLabel`) must name the month and year of that date. The page is the file, or for site.yaml the home page (`home.updated`) and for a provider its review.
 */

/** Keys whose strings a visitor reads as a title or heading. */
const TITLE_KEYS = new Set(['title', 'heading']);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The nearest `updated:` above each part of a file: [pointer prefix, YYYY-MM-DD], longest prefix first. */
function scopes(data: Record<string, unknown>): [string, string][] {
  // A date that does not exist is its own mistake: nothing is judged against it.
  const real = (d: string) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().slice(0, 10) === d;
  const year = (v: unknown) => {
    const d =
      typeof v === 'string' ? v.slice(0, 10) : v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : undefined;
    return d && /^\d{4}-\d{2}-\d{2}$/.test(d) && real(d) ? d : undefined;
  };
  const out: [string, string][] = [];
  for (const [prefix, holder] of [
    ['/home', data.home],
    ['/review', data.review],
  ] as const) {
    const y = holder && typeof holder === 'object' ? year((holder as Record<string, unknown>).updated) : undefined;
    if (y) out.push([prefix, y]);
  }
  const own = year(data.updated);
  if (own) out.push(['', own]);
  return out;
}

/** A year typed into a title that is not its page's: the year's text, its place among equal ones, and the message. */
export interface TitleYear {
  text: string;
  nth: number;
  message: string;
}

/** The check for one file: given a string's key, value and pointer, the years in it that are not its page's. */
export function titleYearRule(data: Record<string, unknown>): (key: string, value: string, pointer: string) => TitleYear[] {
  const list = scopes(data);
  return (key, value, pointer) => {
    if (!(TITLE_KEYS.has(key) || key === 'updatedLabel') || !list.length) return [];
    const scope = list.find(([prefix]) => prefix === '' || pointer === prefix || pointer.startsWith(`${prefix}/`));
    if (!scope) return [];
    const field = scope[0] === '' ? 'updated' : `${scope[0].slice(1)}.updated`;
    if (key === 'updatedLabel') {
      // The visible update line restates the date: its month and year must be the date's.
      const said = new RegExp(`\\b(${MONTHS.join('|')}) ((?:19|20)\\d{2})\\b`).exec(value);
      const [y, m] = scope[1].split('-') as [string, string];
      const month = MONTHS[Number(m) - 1]!;
      if (!said || (said[1] === month && said[2] === y)) return [];
      return [
        {
          text: said[0],
          nth: 0,
          message: `the update line says ${said[0]}, but ${field} is ${scope[1]}: write ${month} ${y}, or correct the date`,
        },
      ];
    }
    const seen = new Map<string, number>();
    const out: TitleYear[] = [];
    for (const m of value.matchAll(/(?<![\d-])(?:19|20)\d{2}(?![\d-])/g)) {
      const nth = seen.get(m[0]) ?? 0;
      seen.set(m[0], nth + 1);
      const year = scope[1].slice(0, 4);
      if (m[0] !== year) {
        out.push({
          text: m[0],
          nth,
          message: `the title says ${m[0]}, but its page was last updated in ${year} (${field}): a year in a title is the year of the page's last update; update the page and its date, or change the year`,
        });
      }
    }
    return out;
  };
}
