/**
 * Drafts and the publishing clock. An article or guide marked `draft: true`, or outside its `publishAt`/`expiresAt`
 * window, is not on the site: it has no route (so no page, no place in any index, the sitemap or a feed) and a link
 * to it is an error. A deal card outside its window is not on the deals page. A provider marked `draft: true` is in
 * no list, ranking, comparison or deal and has no review page or /go/ link; naming it from live content is an error.
 * `vpnsite dev` keeps them all, so an editor can see what they are writing. The moments at which the built site
 * changes are its schedule.
 */

/** The build's record of when the built site next changes (`dist/_schedule.json`): for `vpnsite serve` and for hosts. */
export const SCHEDULE_FILE = '_schedule.json';

/** What `_schedule.json` holds. */
export interface ScheduleRecord {
  /** The moment the build judged publishing at. */
  builtAt: string;
  /** The first of `changes`, or null when nothing is scheduled. */
  next: string | null;
  changes: ScheduledChange[];
}

/** What a page or card says of its own publishing. */
export interface Publishable {
  draft?: boolean;
  publishAt?: string;
  expiresAt?: string;
}

export type Standing = 'live' | 'draft' | 'scheduled' | 'expired';

/** The moment publishing is judged at: VPNSITE_NOW (ISO 8601, for reproducible builds and tests) or the real time. */
export function publishingNow(now?: string): string {
  return new Date(now ?? process.env.VPNSITE_NOW ?? Date.now()).toISOString();
}

/** Whether the page or card is on the site at `now` (ISO 8601), and if not, why. */
export function standing(p: Publishable, now: string): Standing {
  if (p.draft === true) return 'draft';
  const t = Date.parse(now);
  if (p.publishAt && t < Date.parse(p.publishAt)) return 'scheduled';
  if (p.expiresAt && t >= Date.parse(p.expiresAt)) return 'expired';
  return 'live';
}

/** Why a page is not on the site, in words for a validation message or a ribbon. */
export function standingText(p: Publishable, now: string): string {
  switch (standing(p, now)) {
    case 'draft':
      return 'it is a draft';
    case 'scheduled':
      return `it is not published until ${p.publishAt}`;
    case 'expired':
      return `it expired at ${p.expiresAt}`;
    default:
      return 'it is published';
  }
}

export const isLive = (p: Publishable, now: string) => standing(p, now) === 'live';

/** One change to the built site: a page or card going on or coming off. */
export interface ScheduledChange {
  at: string;
  action: 'publish' | 'expire';
  /** The data-relative file it is in. */
  file: string;
  /** The page's path; for a deal card, the deals page with the card's position. */
  what: string;
}

/** Every change after `now`, soonest first. Drafts never change by themselves: they are not scheduled. */
export function scheduleOf(items: (Publishable & { file: string; what: string })[], now: string): ScheduledChange[] {
  const t = Date.parse(now);
  const changes: ScheduledChange[] = [];
  for (const item of items) {
    if (item.draft === true) continue;
    if (item.publishAt && Date.parse(item.publishAt) > t)
      changes.push({ at: new Date(item.publishAt).toISOString(), action: 'publish', file: item.file, what: item.what });
    if (item.expiresAt && Date.parse(item.expiresAt) > t)
      changes.push({ at: new Date(item.expiresAt).toISOString(), action: 'expire', file: item.file, what: item.what });
  }
  return changes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.file < b.file ? -1 : 1));
}

/** What the content's files hold for the clock, from their route stubs: the articles', guides' and deals'. */
export interface PublishingContent {
  /** A provider has only the draft flag: it is on the site as soon as its file is filled in and the flag is gone. */
  providers: { slug: string; draft?: boolean }[];
  articles: (Publishable & { slug: string })[];
  guides: (Publishable & { slug: string })[];
  deals?: { notes?: Publishable[] };
}

/** The content's schedule: each article, guide and deal card with a time to come. */
export function contentSchedule(content: PublishingContent, now: string): ScheduledChange[] {
  return scheduleOf(
    [
      ...content.articles.map((a) => ({ ...a, file: `articles/${a.slug}.yaml`, what: `/articles/${a.slug}` })),
      ...content.guides.map((g) => ({ ...g, file: `guides/${g.slug}.yaml`, what: `/${g.slug}` })),
      ...(content.deals?.notes ?? []).map((d, i) => ({ ...d, file: 'deals.yaml', what: `/vpn-deals (deal note ${i + 1})` })),
    ],
    now,
  );
}

/** The content as the site shows it at `now`: only what is live, unless `preview` (`vpnsite dev`) keeps it all. */
export function onSite<C extends PublishingContent>(content: C, now: string, preview = false): C {
  if (preview) return content;
  const live = <T extends Publishable>(list: T[]) => list.filter((x) => isLive(x, now));
  const deals = content.deals?.notes ? { deals: { ...content.deals, notes: live(content.deals.notes) } } : {};
  return {
    ...content,
    providers: content.providers.filter((p) => p.draft !== true),
    articles: live(content.articles),
    guides: live(content.guides),
    ...deals,
  };
}

/** The providers that are drafts, by slug: on no page, so live content may not name them. */
export function draftProviders<P extends { slug: string; draft?: boolean }>(content: { providers: P[] }): Map<string, P> {
  return new Map(content.providers.filter((p) => p.draft === true).map((p) => [p.slug, p]));
}

/** The paths of the pages that are not on the site at `now`, with why: a link to one is a validation error. */
export function offSitePages(content: PublishingContent, now: string): Map<string, string> {
  const off = new Map<string, string>();
  for (const a of content.articles) if (!isLive(a, now)) off.set(`/articles/${a.slug}`, standingText(a, now));
  for (const g of content.guides) if (!isLive(g, now)) off.set(`/${g.slug}`, standingText(g, now));
  for (const p of content.providers)
    if (p.draft === true) off.set(`/vpn-reviews/${p.slug}`, `its provider is a draft (providers/${p.slug}.yaml has draft: true)`);
  return off;
}
