/**
 * What the review, article, method and comparison pages read of the scorecards, the authors and the pairs (build
 * time only, like every loader).
 */
import { COMPARE_PATH, comparePairs, pairText, type Provider } from '../../services/content/index.ts';
import { getContent } from './content.server';
import type { AuthorCard } from '../components/byline';

/** The author an `author:` id names, with the byline's words; undefined without authors.yaml or an id. */
export function authorOf(id: string | undefined): { author?: AuthorCard; by: string; about: string } {
  const authors = getContent().content.authors;
  const found = id === undefined ? undefined : authors?.authors.find((a) => a.id === id);
  return {
    author: found && { id: found.id, name: found.name, role: found.role, bio: found.bio },
    by: authors?.byline ?? '',
    about: authors?.about ?? '',
  };
}

/** A provider's scorecard, or undefined without methodology.yaml or scores. */
export function scorecardOf(p: Pick<Provider, 'slug' | 'rating' | 'scores'>) {
  const m = getContent().content.methodology;
  if (!m || !p.scores) return undefined;
  return {
    slug: p.slug,
    rating: p.rating,
    criteria: m.criteria.map(({ id, name, weight }) => ({ id, name, weight })),
    scores: p.scores,
    labels: { untested: m.labels.untested, overall: m.labels.overall, title: m.labels.scorecard, method: m.labels.method },
  };
}

/** Every head-to-head page, from the content's providers and comparison.yaml (none without it). */
export function pairs() {
  const { providers, comparison } = getContent().content;
  return comparison ? comparePairs(providers, comparison.pairs.limit) : [];
}

/** The head-to-head pages a provider is in, each named by the other provider, for its review page. */
export function comparisonsOf(slug: string): { title: string; links: { path: string; name: string }[] } | undefined {
  const index = getContent();
  const { comparison } = index.content;
  if (!comparison) return undefined;
  const name = (s: string) => index.providers.get(s)!.name;
  const links = pairs()
    .filter((p) => p.a === slug || p.b === slug)
    .map((p) => ({ path: `${COMPARE_PATH}/${p.slug}`, name: pairText(comparison.pairs.link, name(p.a), name(p.b)) }));
  return links.length ? { title: comparison.reviewLinks.replace('{name}', name(slug)), links } : undefined;
}

/** Whether the site earns from a provider: it has a real affiliate link, not a '#' placeholder. */
export const earnsFrom = (p: Pick<Provider, 'affiliate'>) => !p.affiliate.startsWith('#');
