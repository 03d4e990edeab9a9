/** Fills every figure reference ({{nordvpn.price}}) in the content with the figure from the provider's record. */
import type { FigureSource } from './figure-format.ts';
import { resolveText, type SiteFigures } from './figures.ts';
import type { Content } from './model.ts';

/** A copy of a value with every string's references filled in. */
function fill<T>(value: T, providers: ReadonlyMap<string, FigureSource>, site: SiteFigures): T {
  if (typeof value === 'string') return resolveText(value, providers, site) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fill(v, providers, site)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, providers, site);
    return out as T;
  }
  return value;
}

/** Fills the references in any value with the figures of `content`: for the content itself and its route table. */
export function filler(content: Content, buildYear: number): <T>(value: T) => T {
  const providers = new Map<string, FigureSource>(content.providers.map((p) => [p.slug, p]));
  const method = content.methodology;
  const own: SiteFigures = {
    founded: content.site.founded,
    buildYear,
    ...(method?.testLine ? { testLine: method.testLine } : {}),
    ...(method?.speedTolerance !== undefined ? { speedTolerance: method.speedTolerance } : {}),
    ...(method?.retestEveryDays !== undefined ? { retestEveryDays: method.retestEveryDays } : {}),
  };
  return <T>(value: T) => fill(value, providers, own);
}

/**
 * The content as pages show it: every reference filled in, in every file's text and in a provider's description,
 * best-for tag and review (the rest of a provider's file is the record the figures come from). Assumes validated
 * content, where every reference resolves. `buildYear` is the year of the build's day, for {{site.years}}.
 */
export function resolveFigures(content: Content, buildYear: number): Content {
  const { site, providers: list, guides, articles, pages, ...singles } = content;
  const f = filler(content, buildYear);
  return {
    ...f(singles),
    site: f(site),
    providers: list.map((p) => ({
      ...p,
      description: f(p.description),
      bestFor: f(p.bestFor),
      ...(p.review ? { review: f(p.review) } : {}),
    })),
    guides: f(guides),
    articles: f(articles),
    pages: f(pages),
  };
}
