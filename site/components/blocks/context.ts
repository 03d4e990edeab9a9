import type { Article, Block, Guide, Provider, ShownPlan } from '../../../services/content/index.ts';
import { planOf } from '../../../services/content/figure-format.ts';

/** What a provider-referencing block needs; the route loader resolves slugs to these (no other provider data ships). */
export type ProviderSummary = Pick<
  Provider,
  'slug' | 'name' | 'logo' | 'logoSvg' | 'rating' | 'affiliate' | 'servers' | 'countries' | 'devices' | 'plan' | 'plans'
> & {
  /** The names of its `links:`, for buttons that open one by name. */
  linkNames: string[];
};

/** Shared by every block on a page. */
export interface BlockContext {
  /** The page's own path, for /go/ links' `from`. */
  path: string;
  /** Providers the page's blocks reference, by slug. */
  providers: Record<string, ProviderSummary>;
  /** The guides' index cards, for pages with a guide-cards block. */
  guides?: GuideCard[];
  /** The articles' index cards, for pages with an article-cards block: those of this page of the index. */
  articles?: ArticleCard[];
  /** Which page of the articles index this is, of how many, and the index's own path. */
  articlePages?: { page: number; pages: number; base: string };
  /** site.yaml's governing law, for the legal pages' {jurisdiction}. */
  jurisdiction?: string;
  /** Whether contact messages are forwarded to someone (CONTACT_NOTIFY_TO at build time): only then is a reply promised. */
  replyPromised?: boolean;
}

/** What the articles index shows of each article. */
/** What the articles index shows of an article: its author's name, the day it was published and its reading time. */
export type ArticleCard = Pick<Article, 'slug' | 'title' | 'category' | 'summary'> & {
  published: string;
  publishedLabel: string;
  author?: string;
  minutes: number;
};

/** What the guides index shows of each guide. */
export type GuideCard = Pick<Guide, 'slug' | 'difficulty' | 'difficultyLabel' | 'time' | 'card'>;

/** The index-card fields of each guide, in display order. */
export function guideCards(guides: readonly Guide[]): GuideCard[] {
  return guides.map(({ slug, difficulty, difficultyLabel, time, card }) => ({ slug, difficulty, difficultyLabel, time, card }));
}

/** Picks the summary fields of the providers whose slugs are given. */
export function summarizeProviders(all: readonly Provider[], slugs: Iterable<string>): Record<string, ProviderSummary> {
  const wanted = new Set(slugs);
  return Object.fromEntries(
    all
      .filter((p) => wanted.has(p.slug))
      .map(({ slug, name, logo, logoSvg, rating, affiliate, servers, countries, devices, plan, plans, links }) => [
        slug,
        { slug, name, logo, logoSvg, rating, affiliate, servers, countries, devices, plan, plans, linkNames: Object.keys(links) },
      ]),
  );
}

/** Every `provider` slug referenced anywhere in a value (blocks name providers by slug). */
export function referencedProviders(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencedProviders(v, found));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'provider' && typeof v === 'string') found.add(v);
      else referencedProviders(v, found);
    }
  }
  return found;
}

/** The props of the renderer for one block type. */
export interface BlockProps<T extends Block['type']> {
  block: Extract<Block, { type: T }>;
  ctx: BlockContext;
}

/** The summary of a provider a block names; the loader passes every referenced one, so a miss is a bug. */
export function providerIn(ctx: BlockContext, slug: string): ProviderSummary {
  const p = ctx.providers[slug];
  if (!p) throw new Error(`provider '${slug}' was not passed to the page (see referencedProviders)`);
  return p;
}

/** Each entry of a block with the provider it names and the plan it quotes, resolved as providerIn and planIn do. */
export function withPlans<T extends { provider: string; plan?: string }>(ctx: BlockContext, items: readonly T[]) {
  return items.map((item) => {
    const p = providerIn(ctx, item.provider);
    return { item, p, plan: planIn(p, item.plan) };
  });
}

/** The plan a block names for a provider, or the provider's card plan; content validation guarantees it exists. */
export function planIn(p: ProviderSummary, id: string | undefined): ShownPlan {
  const plan = planOf(p, id);
  if (!plan) throw new Error(`plan '${id}' of '${p.slug}' is not in its record`);
  return plan;
}
