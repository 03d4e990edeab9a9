/**
 * Route stubs: the part of a file that the route table and the cross-file rules read, so that validation keeps a
 * few hundred bytes a file instead of its data, and a file with a mistake still gives the route table
 * what it can.
 */
import { LINK_NAMES } from './schemas/common.ts';
import { KINDS, type Kind } from './schemas/index.ts';
import type { TestLine } from './figures.ts';
import type { Meta, RouteContent } from './route-content.ts';

const pick = (meta: Meta): Meta => ({ title: meta.title, description: meta.description });

/**
 * The part of a schema-valid file that the route table and the cross-file rules read: its slug, order, updated
 * date and meta (and a provider's name, plans and logo file, how old a checked price may be, and the site's logo
 * file). At 10,000 files this is a few hundred bytes each against the
 * file's ~9 KB, so validation keeps it instead of the data.
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
      const review = d.review as { meta: Meta } | undefined;
      // Each plan's id, and its latest price and regular price: whether it has a discount and savings for a reference to quote.
      const plans = Object.fromEntries(
        Object.entries(d.plans as Record<string, { months: number; prices: { price: number; regularPrice?: number }[] }>).map(
          ([id, plan]) => {
            const p = plan.prices[plan.prices.length - 1]!;
            // The observations stay too: the review's change log, and with it its Updated date, lists the price changes.
            const kept = { months: plan.months, prices: plan.prices };
            return [
              id,
              p.regularPrice === undefined ? { price: p.price, ...kept } : { price: p.price, regularPrice: p.regularPrice, ...kept },
            ];
          },
        ),
      );
      // Link names beyond the standard ones (a promotion's landing page): /go/<slug>/<name> reaches them too.
      const linkNames = Object.keys(d.links as object).filter((n) => !(LINK_NAMES as readonly string[]).includes(n));
      const author = (review as { author?: string } | undefined)?.author;
      return {
        slug: d.slug,
        name: d.name,
        plan: d.plan,
        plans,
        logoSvg: d.logoSvg,
        rating: d.rating,
        ...(d.scores ? { scores: d.scores } : {}),
        ...(d.status === 'discontinued' ? { status: d.status, ...(d.discontinued ? { discontinued: d.discontinued } : {}) } : {}),
        ...(d.draft === true ? { draft: true } : {}),
        ...(linkNames.length ? { linkNames } : {}),
        links: Object.keys(d.links as object),
        ...(review ? { review: { meta: pick(review.meta), ...(author ? { author } : {}) } } : {}),
        ...(d.changelog ? { changelog: d.changelog } : {}),
      };
    }
    case 'test-run': {
      // The results and what they were run under: the speed figures, the speed-score check and the change log
      // read them. The checksum is the file's own business.
      const { checksum: _checksum, ...run } = d;
      return run;
    }
    case 'methodology':
      return {
        ...titled(d),
        criteria: (d.criteria as { id: string; name: string; weight: number }[]).map(({ id, name, weight }) => ({ id, name, weight })),
        ...(typeof d.speedTolerance === 'number' ? { speedTolerance: d.speedTolerance } : {}),
        ...(d.testLine && typeof d.testLine === 'object' ? { testLine: d.testLine as TestLine } : {}),
        ...(typeof d.version === 'string' ? { version: d.version } : {}),
        ...(Array.isArray(d.changes) ? { changes: d.changes } : {}),
        ...(typeof d.retestEveryDays === 'number' ? { retestEveryDays: d.retestEveryDays } : {}),
      };
    case 'comparison': {
      const pair = d.pair as { metaTitle: string; description: string };
      const { limit, tieMargin } = d.pairs as { limit?: number; tieMargin?: number };
      return {
        ...titled(d),
        pair: { metaTitle: pair.metaTitle, description: pair.description },
        pairs: { ...(limit === undefined ? {} : { limit }), ...(tieMargin === undefined ? {} : { tieMargin }) },
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
      return { ...titled(d), notes: ((d.notes as Record<string, unknown>[] | undefined) ?? []).map(publishing) };
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
      const review = data.review !== undefined || REVIEW_REQUIRED || !usable('/review') ? { meta: meta('/review') } : undefined;
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
            // The latest observation is the price the plan shows.
            const prices = at(`${base}/prices`);
            const last = `${base}/prices/${Array.isArray(prices) ? prices.length - 1 : 0}`;
            const price = num(`${last}/price`);
            const regularPrice = num(`${last}/regularPrice`);
            // A price a mistake left unreadable: its discount and savings are not judged either.
            return [id, price === undefined ? {} : { price, ...(regularPrice === undefined ? {} : { regularPrice }) }];
          }),
        );
      const rating = num('/rating');
      const changelog = at('/changelog');
      const gone = at('/status') === 'discontinued' ? { status: 'discontinued' } : {};
      const draft = at('/draft') === true ? { draft: true } : {};
      return {
        slug: '',
        name: str('/name'),
        ...(rating === undefined ? {} : { rating }),
        ...(Array.isArray(changelog)
          ? { changelog: changelog.filter((n) => n && typeof n.date === 'string' && typeof n.text === 'string') }
          : {}),
        plan: str('/plan'),
        ...(stubs ? { plans: stubs } : {}),
        logoSvg: at('/logoSvg'),
        ...(review ? { review } : {}),
        ...gone,
        ...draft,
      };
    }
    case 'test-run':
      // A run with a mistake is left out of the figures, and so are its provider's speed figures: the mistake is the
      // one error.
      return { spoiled: true };
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
export const hasContactForm = (page: RouteContent['pages'][number]) =>
  page.contactForm === true || (page.blocks ?? []).some((b) => b.type === 'contact-form');

/** Whether a page is an articles index (it has an article-cards block), from its data or its stub. */
export const hasArticleCards = (page: RouteContent['pages'][number]) =>
  page.articleCards === true || (page.blocks ?? []).some((b) => b.type === 'article-cards');
