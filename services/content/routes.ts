/** The route table: every page the site builds, derived from content. One source for the router, the prerender list, link checks and the sitemap. */
import { LINK_NAMES } from './schemas/common.ts';
import { KINDS, type Kind } from './schemas/index.ts';
import { COMPARE_PATH, METHOD_PATH, SEARCH_PATH } from './paths.ts';
import { comparePairs, pairText } from './pairs.ts';
import type { TestLine } from './figures.ts';

export type RouteKind =
  | 'home'
  | 'reviews'
  | 'review'
  | 'deals'
  | 'streaming'
  | 'gaming'
  | 'guide'
  | 'page'
  | 'article'
  | 'form-result'
  | 'stats'
  | 'method'
  | 'compare-index'
  | 'compare'
  | 'search'
  | 'not-found';

export interface RouteEntry {
  path: string;
  kind: RouteKind;
  /** The content slug for kinds that have one. */
  slug?: string;
  /** Data-relative file the page is mostly made from. */
  source: string;
  /** The content's own last-updated date (YYYY-MM-DD), for the sitemap and freshness checks. */
  updated?: string;
  title: string;
  description: string;
  /** A page that search engines must not index, left out of the sitemap. */
  noindex?: boolean;
  /** The articles index's page number, from 2: the index shows ARTICLES_PER_PAGE articles a page. */
  pageNumber?: number;
}

/** How many article cards one page of the articles index shows: at 10,000 articles, one page of all would be ~170 KB gzip. */
export const ARTICLES_PER_PAGE = 48;

export const NOT_FOUND_PATH = '/404';

/**
 * The pages a form posted without JavaScript lands on, by form and outcome: the service answers such a post with a
 * 303 to one of them (services/http/routes/form-results.ts), and the build prerenders each from site.yaml.
 */
/** The owner's dashboard. */
export const STATS_PATH = '/stats';

export { COMPARE_PATH, METHOD_PATH, SEARCH_PATH } from './paths.ts';

export { comparePairs, pairRedirects, pairText, ranked, type ComparePair } from './pairs.ts';

export const FORM_RESULTS = {
  newsletter: {
    subscribed: '/newsletter/subscribed',
    invalid: '/newsletter/invalid',
    failed: '/newsletter/failed',
    // A sign-up of an address whose confirmation mail went out within the hour: no new mail, and when it was sent.
    pending: '/newsletter/pending',
    // Where the links in the newsletter's mails lead (services/http/routes/newsletter.ts).
    confirm: '/newsletter/confirm',
    confirmed: '/newsletter/confirmed',
    unsubscribe: '/newsletter/unsubscribe',
    unsubscribed: '/newsletter/unsubscribed',
    linkExpired: '/newsletter/link-expired',
    linkInvalid: '/newsletter/link-invalid',
  },
  contact: { sent: '/contact-us/sent', invalid: '/contact-us/invalid', failed: '/contact-us/failed' },
} as const;

/**
 * The kinds that grow with the content, each registered with the router as one parameterised route
 * (`/vpn-reviews/:slug`) rather than one route per page: with ssr:false the whole route manifest ships to every
 * page, so per-page routes made every page's JavaScript and every route match grow with the number of pages.
 */
export const PARAMETERISED = { review: '/vpn-reviews', article: '/articles', compare: COMPARE_PATH } as const satisfies Partial<
  Record<RouteKind, string>
>;

/** The slug no page may take: `<prefix>/404` is the not-found page for unknown slugs under that prefix. */
export const RESERVED_SLUG = '404';

/** The not-found pages: `/404` for any unknown path, and one under each parameterised prefix (see site/routes.ts). */
export const NOT_FOUND_PATHS: readonly string[] = [
  NOT_FOUND_PATH,
  ...Object.values(PARAMETERISED).map((prefix) => `${prefix}/${RESERVED_SLUG}`),
];

interface Meta {
  title: string;
  description: string;
}
interface Titled {
  slug: string;
  updated: string;
  meta: Meta;
}
type FormResultTitles = {
  [F in keyof typeof FORM_RESULTS]: Partial<Record<keyof (typeof FORM_RESULTS)[F], { title: string; text?: string }>>;
};

/**
 * What the route table reads of the content (a Content is one). Validation builds it from each file's routeStub
 * alone, so the cross-file rules never need a file's whole data.
 */
export interface RouteContent {
  site: { home: { updated: string; meta: Meta }; notFound: { meta: Meta }; formResults: FormResultTitles };
  providers: { slug: string; name: string; status?: string; draft?: boolean; review?: { updated: string; meta: Meta } }[];
  reviews?: { updated: string; meta: Meta };
  deals?: { updated: string; meta: Meta };
  gaming?: { updated: string; meta: Meta };
  streaming?: { updated: string; meta: Meta };
  guides: Titled[];
  pages: (Titled & { blocks?: { type: string }[]; contactForm?: boolean; articleCards?: boolean })[];
  articles: Titled[];
  methodology?: { updated: string; meta: Meta };
  comparison?: { updated: string; meta: Meta; pair: { metaTitle: string; description: string }; pairs?: { limit?: number } };
  /** The editors' own words on head-to-head pages: only their slugs and dates count here. */
  pairs?: { slug: string; updated: string }[];
}

const pick = (meta: Meta): Meta => ({ title: meta.title, description: meta.description });

/**
 * The part of a schema-valid file that the route table and the cross-file rules read: its slug, order, updated
 * date and meta (and a provider's name, plans and logo file, how old a checked price may be, and the site's logo
 * file). At 10,000 files this is a few hundred bytes each against the
 * file's ~9 KB, so validation threads hand it back instead of the data.
 */
export function routeStub(kind: Kind, data: unknown): Record<string, unknown> {
  const d = data as Record<string, unknown> & { meta?: Meta };
  switch (kind) {
    case 'site': {
      const site = d as unknown as RouteContent['site'] & { prices: { maxAgeDays?: number } };
      const prices = site.prices.maxAgeDays === undefined ? {} : { maxAgeDays: site.prices.maxAgeDays };
      const jurisdiction = (d.legal as { jurisdiction?: string } | undefined)?.jurisdiction;
      return {
        home: { updated: site.home.updated, meta: pick(site.home.meta) },
        notFound: { meta: pick(site.notFound.meta) },
        prices,
        formResults: site.formResults,
        logoSvg: (d.brand as { logoSvg?: string }).logoSvg,
        ...(jurisdiction ? { jurisdiction } : {}),
      };
    }
    case 'provider': {
      const review = d.review as { updated: string; meta: Meta } | undefined;
      // Each plan's id, price and regular price: whether it has a discount and savings for a reference to quote.
      const plans = Object.fromEntries(
        Object.entries(d.plans as Record<string, { price: number; regularPrice?: number }>).map(([id, p]) => [
          id,
          p.regularPrice === undefined ? { price: p.price } : { price: p.price, regularPrice: p.regularPrice },
        ]),
      );
      // Link names beyond the standard ones (a promotion's landing page): /go/<slug>/<name> reaches them too.
      const linkNames = Object.keys(d.links as object).filter((n) => !(LINK_NAMES as readonly string[]).includes(n));
      const author = (review as { author?: string } | undefined)?.author;
      return {
        slug: d.slug,
        name: d.name,
        plan: d.plan,
        plans,
        speedTested: !!speedTestsOf(review),
        ...(speedTestsOf(review) ? { speed: speedTestsOf(review) } : {}),
        logoSvg: d.logoSvg,
        rating: d.rating,
        ...(d.scores ? { scores: d.scores } : {}),
        ...(d.status === 'discontinued' ? { status: d.status, ...(d.discontinued ? { discontinued: d.discontinued } : {}) } : {}),
        ...(d.draft === true ? { draft: true } : {}),
        ...(linkNames.length ? { linkNames } : {}),
        links: Object.keys(d.links as object),
        ...(review ? { review: { updated: review.updated, meta: pick(review.meta), ...(author ? { author } : {}) } } : {}),
      };
    }
    case 'methodology':
      return {
        ...titled(d),
        criteria: (d.criteria as { id: string; name: string; weight: number }[]).map(({ id, name, weight }) => ({ id, name, weight })),
        ...(typeof d.speedTolerance === 'number' ? { speedTolerance: d.speedTolerance } : {}),
        ...(d.testLine && typeof d.testLine === 'object' ? { testLine: d.testLine as TestLine } : {}),
      };
    case 'comparison': {
      const pair = d.pair as { metaTitle: string; description: string };
      const limit = (d.pairs as { limit?: number }).limit;
      return {
        ...titled(d),
        pair: { metaTitle: pair.metaTitle, description: pair.description },
        pairs: limit === undefined ? {} : { limit },
      };
    }
    case 'authors':
      return { authors: (d.authors as { id: string }[]).map(({ id }) => ({ id })) };
    case 'article':
      return { ...titled(d), ...publishing(d), ...(typeof d.author === 'string' ? { author: d.author } : {}) };
    case 'guide':
      return { ...titled(d), ...publishing(d) };
    case 'deals':
      // Each card's times: when the deals page changes by itself.
      return { ...titled(d), deals: (d.deals as Record<string, unknown>[]).map(publishing) };
    case 'page':
      return {
        ...titled(d),
        ...(hasContactForm(d as unknown as RouteContent['pages'][number]) ? { contactForm: true } : {}),
        ...(hasArticleCards(d as unknown as RouteContent['pages'][number]) ? { articleCards: true } : {}),
      };
    default:
      return titled(d);
  }
}

/**
 * routeStub of a file with errors: each field that its errors leave usable (`usable(pointer)`), an empty one where
 * they do not, so that the file still has its routes. The slug is left to the caller (the file name gives it).
 */
export function partialRouteStub(kind: Kind, data: Record<string, unknown>, usable: (pointer: string) => boolean): Record<string, unknown> {
  const at = (pointer: string): unknown => {
    let cur: unknown = data;
    for (const key of pointer.split('/').slice(1)) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
    return usable(pointer) ? cur : undefined;
  };
  const str = (pointer: string) => {
    const v = at(pointer);
    return typeof v === 'string' ? v : '';
  };
  const num = (pointer: string) => {
    const v = at(pointer);
    return typeof v === 'number' ? v : undefined;
  };
  const meta = (base: string): Meta => ({ title: str(`${base}/meta/title`), description: str(`${base}/meta/description`) });
  switch (kind) {
    case 'site': {
      const maxAgeDays = num('/prices/maxAgeDays');
      const formResults = at('/formResults');
      return {
        home: { updated: str('/home/updated'), meta: meta('/home') },
        notFound: { meta: meta('/notFound') },
        prices: maxAgeDays === undefined ? {} : { maxAgeDays },
        formResults: formResults && typeof formResults === 'object' ? formResults : {},
        logoSvg: at('/brand/logoSvg'),
      };
    }
    case 'provider': {
      // A review the schema requires is a page whoever links to it expects, even when this file lacks it; so is one
      // that a mistake (a YAML syntax error) leaves unreadable, since that mistake is the one error to report.
      const review =
        data.review !== undefined || REVIEW_REQUIRED || !usable('/review')
          ? { updated: str('/review/updated'), meta: meta('/review') }
          : undefined;
      // Each usable plan's id: a plan with a mistake inside is still a plan that others may name.
      // Plans a mistake leaves unreadable are left out (undefined): references to them are then not judged at all,
      // since the mistake in this file is the one error to report.
      const plans = at('/plans');
      const ids = plans && typeof plans === 'object' && !Array.isArray(plans) ? Object.keys(plans) : undefined;
      const stubs =
        ids &&
        Object.fromEntries(
          ids.map((id) => {
            const base = `/plans/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
            const price = num(`${base}/price`);
            const regularPrice = num(`${base}/regularPrice`);
            // A price a mistake left unreadable: its discount and savings are not judged either.
            return [id, price === undefined ? {} : { price, ...(regularPrice === undefined ? {} : { regularPrice }) }];
          }),
        );
      const rating = num('/rating');
      // Whether it has speed tests, only when a mistake leaves them readable: references to its speed figures are
      // otherwise not judged, since that mistake is the one error.
      const tests = data.review === undefined ? [] : at('/review/speed/tests');
      const speedTested = Array.isArray(tests) ? { speedTested: tests.length > 0 } : {};
      const gone = at('/status') === 'discontinued' ? { status: 'discontinued' } : {};
      const draft = at('/draft') === true ? { draft: true } : {};
      return {
        slug: '',
        name: str('/name'),
        ...(rating === undefined ? {} : { rating }),
        ...speedTested,
        plan: str('/plan'),
        ...(stubs ? { plans: stubs } : {}),
        logoSvg: at('/logoSvg'),
        ...(review ? { review } : {}),
        ...gone,
        ...draft,
      };
    }
    case 'page': {
      const blocks = at('/blocks');
      const page = {
        blocks: Array.isArray(blocks)
          ? blocks.filter((b): b is { type: string } => !!b && typeof b === 'object' && typeof (b as { type?: unknown }).type === 'string')
          : [],
      };
      return {
        slug: '',
        order: num('/order') ?? 0,
        updated: str('/updated'),
        meta: meta(''),
        ...(hasContactForm(page as RouteContent['pages'][number]) ? { contactForm: true } : {}),
        ...(hasArticleCards(page as RouteContent['pages'][number]) ? { articleCards: true } : {}),
      };
    }
    default:
      return { slug: '', order: num('/order') ?? 0, updated: str('/updated'), meta: meta('') };
  }
}

/** A review's speed record, when it has tests: what the speed figures and the speed-score check read. */
function speedTestsOf(review: unknown): { baseline: number; tests: { download: number; ping: number }[] } | undefined {
  const speed = (review as { speed?: { baseline: number; tests: { download: number; ping: number }[] } } | undefined)?.speed;
  return speed?.tests.length
    ? { baseline: speed.baseline, tests: speed.tests.map(({ download, ping }) => ({ download, ping })) }
    : undefined;
}

const REVIEW_REQUIRED = ((KINDS.provider.schema as { required?: string[] }).required ?? []).includes('review');

/** A page's or card's draft flag and publishing times, those it has. */
const publishing = (d: Record<string, unknown>) =>
  Object.fromEntries((['draft', 'publishAt', 'expiresAt'] as const).filter((k) => d[k] !== undefined).map((k) => [k, d[k]]));

const titled = (d: Record<string, unknown> & { meta?: Meta }) => ({
  slug: d.slug,
  order: d.order,
  updated: d.updated,
  ...(d.meta ? { meta: pick(d.meta) } : {}),
});

/** Whether a page holds the contact form (from its data, or from its stub, which says so). */
const hasContactForm = (page: RouteContent['pages'][number]) =>
  page.contactForm === true || (page.blocks ?? []).some((b) => b.type === 'contact-form');

/** Whether a page is an articles index (it has an article-cards block), from its data or its stub. */
const hasArticleCards = (page: RouteContent['pages'][number]) =>
  page.articleCards === true || (page.blocks ?? []).some((b) => b.type === 'article-cards');

/** Every route, home first. Pages exist only for content that exists: there are no placeholder pages. */
export function routeTable(content: RouteContent): RouteEntry[] {
  const { site } = content;
  const routes: RouteEntry[] = [
    {
      path: '/',
      kind: 'home',
      source: 'site.yaml',
      updated: site.home.updated,
      title: site.home.meta.title,
      description: site.home.meta.description,
    },
  ];
  if (content.reviews) {
    const r = content.reviews;
    routes.push({
      path: '/vpn-reviews',
      kind: 'reviews',
      source: 'reviews.yaml',
      updated: r.updated,
      title: r.meta.title,
      description: r.meta.description,
    });
  }
  for (const p of content.providers) {
    if (p.review) {
      routes.push({
        path: `/vpn-reviews/${p.slug}`,
        kind: 'review',
        slug: p.slug,
        source: `providers/${p.slug}.yaml`,
        updated: p.review.updated,
        title: p.review.meta.title,
        description: p.review.meta.description,
      });
    }
  }
  const single = [
    ['deals', '/vpn-deals', content.deals],
    ['streaming', '/vpn-streaming', content.streaming],
    ['gaming', '/vpn-gaming', content.gaming],
  ] as const;
  for (const [kind, path, page] of single) {
    if (page)
      routes.push({
        path,
        kind,
        source: `${kind}.yaml`,
        updated: page.updated,
        title: page.meta.title,
        description: page.meta.description,
      });
  }
  if (content.methodology) {
    const m = content.methodology;
    routes.push({
      path: METHOD_PATH,
      kind: 'method',
      source: 'methodology.yaml',
      updated: m.updated,
      title: m.meta.title,
      description: m.meta.description,
    });
  }
  if (content.comparison) {
    const c = content.comparison;
    routes.push({
      path: COMPARE_PATH,
      kind: 'compare-index',
      source: 'comparison.yaml',
      updated: c.updated,
      title: c.meta.title,
      description: c.meta.description,
    });
    const bySlug = new Map(content.providers.map((p) => [p.slug, p]));
    const own = new Map((content.pairs ?? []).map((p) => [p.slug, p]));
    for (const pair of comparePairs(content.providers, c.pairs?.limit)) {
      const a = bySlug.get(pair.a)!;
      const b = bySlug.get(pair.b)!;
      const file = own.get(pair.slug);
      // The page changes when either review, the shared words or the pair's own file does.
      const updated = [c.updated, a.review?.updated, b.review?.updated, file?.updated]
        .filter((d): d is string => !!d)
        .sort()
        .at(-1);
      routes.push({
        path: `${COMPARE_PATH}/${pair.slug}`,
        kind: 'compare',
        slug: pair.slug,
        source: file ? `compare/${pair.slug}.yaml` : 'comparison.yaml',
        updated,
        title: pairText(c.pair?.metaTitle ?? '', a.name, b.name),
        description: pairText(c.pair?.description ?? '', a.name, b.name),
      });
    }
  }
  for (const g of content.guides) {
    routes.push({
      path: `/${g.slug}`,
      kind: 'guide',
      slug: g.slug,
      source: `guides/${g.slug}.yaml`,
      updated: g.updated,
      title: g.meta.title,
      description: g.meta.description,
    });
  }
  const indexPages = Math.max(1, Math.ceil(content.articles.length / ARTICLES_PER_PAGE));
  for (const p of content.pages) {
    routes.push({
      path: `/${p.slug}`,
      kind: 'page',
      slug: p.slug,
      source: `pages/${p.slug}.yaml`,
      updated: p.updated,
      title: p.meta.title,
      description: p.meta.description,
    });
    // An articles index that holds more than one page of cards goes on at /<slug>/page/2 and so on.
    if (!hasArticleCards(p)) continue;
    for (let n = 2; n <= indexPages; n++) {
      routes.push({
        path: `/${p.slug}/page/${n}`,
        kind: 'page',
        slug: p.slug,
        source: `pages/${p.slug}.yaml`,
        updated: p.updated,
        title: `${p.meta.title} (page ${n})`,
        description: p.meta.description,
        pageNumber: n,
      });
    }
  }
  for (const a of content.articles) {
    routes.push({
      path: `/articles/${a.slug}`,
      kind: 'article',
      slug: a.slug,
      source: `articles/${a.slug}.yaml`,
      updated: a.updated,
      title: a.meta.title,
      description: a.meta.description,
    });
  }
  // The form result pages: the newsletter's always (its form is in every footer), the contact form's when a page has it.
  const forms = content.pages.some(hasContactForm) ? (['newsletter', 'contact'] as const) : (['newsletter'] as const);
  for (const form of forms) {
    for (const [outcome, path] of Object.entries(FORM_RESULTS[form])) {
      // A site.yaml with a mistake in its form results still has their pages, untitled, so links to them resolve.
      const { title = '', text } =
        (site.formResults?.[form] as Record<string, { title?: string; text?: string }> | undefined)?.[outcome] ?? {};
      routes.push({ path, kind: 'form-result', source: 'site.yaml', title, description: text ?? title, noindex: true });
    }
  }
  // The owner's dashboard: a shell that reads /api/stats with the stats token; never indexed, not in the sitemap.
  routes.push({
    path: STATS_PATH,
    kind: 'stats',
    source: 'site.yaml',
    title: 'Stats',
    description: 'Views, clicks, conversions and earnings of the site, for its owner.',
    noindex: true,
  });
  // The site search's results: a static page that searches in the browser; never indexed, not in the sitemap.
  routes.push({
    path: SEARCH_PATH,
    kind: 'search',
    source: 'site.yaml',
    title: 'Search',
    description: 'Search every review, comparison, guide and article.',
    noindex: true,
  });
  routes.push({
    path: NOT_FOUND_PATH,
    kind: 'not-found',
    source: 'site.yaml',
    title: site.notFound.meta.title,
    description: site.notFound.meta.description,
  });
  return routes;
}

/** A path without its query string, fragment and trailing slash. */
export const normalizePath = (href: string) => href.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');

/** Looks a path up in the table, ignoring a query string, a fragment and a trailing slash. */
export function findRoute(routes: RouteEntry[], href: string): RouteEntry | undefined {
  const path = normalizePath(href);
  return routes.find((r) => r.path === path);
}

/** The table by path, for callers that look up many paths (a linear find per lookup is quadratic over a site). */
export function routesByPath(routes: readonly RouteEntry[]): Map<string, RouteEntry> {
  return new Map(routes.map((r) => [r.path, r]));
}
