/**
 * schema.org JSON-LD builders (https://developers.google.com/search/docs/appearance/structured-data).
 * Every value comes from the same content the page shows, so the markup always matches the visible text.
 */
import { OG_IMAGE } from './meta';

export interface Brand {
  name: string;
  url: string;
}

const abs = (origin: string, path: string) => new URL(path, origin).href;

/** The site as an Organization. Never with an AggregateRating: Google treats that as a self-serving review. */
export function organization(brand: Brand) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    url: abs(brand.url, '/'),
    logo: abs(brand.url, OG_IMAGE.path),
  };
}

/** A breadcrumb trail; the last item is the page itself. */
export function breadcrumbs(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: abs(origin, item.path) })),
  };
}

/** A person who wrote a page, as its byline names them. */
export interface Person {
  name: string;
  jobTitle: string;
}

const person = (p: Person) => ({ '@type': 'Person', name: p.name, jobTitle: p.jobTitle });

/**
 * A review of a provider's app, rated as the page shows it. `offer` is the price the page shows, given only while it
 * is fresh: a price not checked for longer than the site allows is no offer to tell search engines about.
 */
export function review(
  brand: Brand,
  r: {
    provider: string;
    rating: number;
    headline: string;
    path: string;
    dateModified: string;
    body: string;
    author?: Person;
    offer?: Offer;
    /** When the review's results were measured, the method they followed, and corrections to them. */
    evidence?: {
      testedOn?: string;
      method?: { name: string; path: string; version?: string | undefined };
      corrections?: { date: string; text: string }[];
    };
  },
) {
  const ev = r.evidence;
  // schema.org has no "tested on": temporalCoverage is the time the content is about, isBasedOn the method it follows.
  const evidence = {
    ...(ev?.testedOn ? { temporalCoverage: ev.testedOn } : {}),
    ...(ev?.method
      ? {
          isBasedOn: {
            '@type': 'CreativeWork',
            name: ev.method.name,
            url: abs(brand.url, ev.method.path),
            ...(ev.method.version ? { version: ev.method.version } : {}),
          },
        }
      : {}),
    ...(ev?.corrections?.length
      ? { correction: ev.corrections.map((c) => ({ '@type': 'CorrectionComment', datePublished: c.date, text: c.text })) }
      : {}),
  };
  const offers = r.offer && offerLd(brand, r.offer);
  return {
    '@context': 'https://schema.org',
    '@type': 'Review',
    name: r.headline,
    url: abs(brand.url, r.path),
    dateModified: r.dateModified,
    ...evidence,
    reviewBody: r.body,
    itemReviewed: {
      '@type': 'SoftwareApplication',
      name: r.provider,
      applicationCategory: 'SecurityApplication',
      operatingSystem: 'Windows, macOS, iOS, Android, Linux',
      ...(offers ? { offers } : {}),
    },
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    author: r.author ? person(r.author) : { '@type': 'Organization', name: brand.name, url: abs(brand.url, '/') },
    publisher: { '@type': 'Organization', name: brand.name, url: abs(brand.url, '/') },
  };
}

/** The price a review shows: per month for the first term, and what each renewal after it is billed, where known. */
export interface Offer {
  price: number;
  url: string;
  /** The first term, in months; with it the first-term price is stated as a monthly unit price for that long. */
  months?: number;
  renewal?: { price: number; months: number };
}

const MONTHS = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'MON' });

/**
 * An Offer whose price is the first term's monthly price; the renewal, where known, is a second
 * UnitPriceSpecification that starts billing once the first term is over (billingStart, in months):
 * https://schema.org/UnitPriceSpecification.
 */
function offerLd(brand: Brand, o: Offer) {
  const price = o.price.toFixed(2);
  const first = {
    '@type': 'UnitPriceSpecification',
    price,
    priceCurrency: 'USD',
    referenceQuantity: MONTHS(1),
    ...(o.months ? { billingDuration: MONTHS(o.months) } : {}),
  };
  const renewal = o.renewal &&
    o.months && {
      '@type': 'UnitPriceSpecification',
      price: o.renewal.price.toFixed(2),
      priceCurrency: 'USD',
      referenceQuantity: MONTHS(o.renewal.months),
      billingStart: o.months,
    };
  return {
    '@type': 'Offer',
    price,
    priceCurrency: 'USD',
    url: abs(brand.url, o.url),
    ...(o.months ? { priceSpecification: renewal ? [first, renewal] : [first] } : {}),
  };
}

/** An editorial article. */
export function article(brand: Brand, a: { headline: string; description: string; path: string; dateModified: string; author?: Person }) {
  const org = {
    '@type': 'Organization',
    name: brand.name,
    url: abs(brand.url, '/'),
    logo: { '@type': 'ImageObject', url: abs(brand.url, OG_IMAGE.path) },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.headline,
    description: a.description,
    url: abs(brand.url, a.path),
    mainEntityOfPage: abs(brand.url, a.path),
    image: abs(brand.url, OG_IMAGE.path),
    dateModified: a.dateModified,
    author: a.author ? person(a.author) : org,
    publisher: org,
  };
}

/** The FAQ visible on a page. */
export function faqPage(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({ '@type': 'Question', name: i.question, acceptedAnswer: { '@type': 'Answer', text: i.answer } })),
  };
}

/** A FAQPage for every FAQ block among a page's blocks, or nothing when the page shows no FAQ. */
export function faqFromBlocks(blocks: readonly { type: string }[]) {
  const items = blocks.flatMap((b) => (b.type === 'faq' ? (b as unknown as { items: { question: string; answer: string }[] }).items : []));
  return items.length ? [faqPage(items)] : [];
}
