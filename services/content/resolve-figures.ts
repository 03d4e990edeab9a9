/** Fills every figure reference ({{nordvpn.price}}) in the content with the figure from the provider's record. */
import { resolveText, type FigureSource } from './figures.ts';
import type { Content } from './model.ts';

/** A copy of a value with every string's references filled in. */
function fill<T>(value: T, providers: ReadonlyMap<string, FigureSource>): T {
  if (typeof value === 'string') return resolveText(value, providers) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fill(v, providers)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, providers);
    return out as T;
  }
  return value;
}

/**
 * The content as pages show it: every reference filled in, in every file's text and in a provider's description,
 * best-for tag and review (the rest of a provider's file is the record the figures come from). Assumes validated
 * content, where every reference resolves.
 */
export function resolveFigures(content: Content): Content {
  const providers = new Map<string, FigureSource>(content.providers.map((p) => [p.slug, p]));
  const { site, providers: list, guides, articles, pages, ...singles } = content;
  return {
    ...fill(singles, providers),
    site: fill(site, providers),
    providers: list.map((p) => ({ ...p, description: fill(p.description, providers), bestFor: fill(p.bestFor, providers), ...(p.review ? { review: fill(p.review, providers) } : {}) })),
    guides: fill(guides, providers),
    articles: fill(articles, providers),
    pages: fill(pages, providers),
  };
}
