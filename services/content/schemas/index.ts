/** Every content kind: which files hold it and the schema they follow. */
import type { Static, TSchema } from '@sinclair/typebox';
import { ArticleSchema } from './article.ts';
import { AuthorsSchema } from './authors.ts';
import { ComparisonSchema, PairSchema } from './comparison.ts';
import { MethodologySchema } from './methodology.ts';
import { DealsSchema } from './deals.ts';
import { GamingSchema } from './gaming.ts';
import { GuideSchema } from './guide.ts';
import { PageSchema } from './page.ts';
import { ProviderSchema } from './provider.ts';
import { ReviewsSchema } from './reviews.ts';
import { SiteSchema } from './site.ts';
import { StreamingSchema } from './streaming.ts';

export const KINDS = {
  site: { schema: SiteSchema, match: /^site\.ya?ml$/ },
  provider: { schema: ProviderSchema, match: /^providers\/[^/]+\.ya?ml$/ },
  reviews: { schema: ReviewsSchema, match: /^reviews\.ya?ml$/ },
  deals: { schema: DealsSchema, match: /^deals\.ya?ml$/ },
  gaming: { schema: GamingSchema, match: /^gaming\.ya?ml$/ },
  streaming: { schema: StreamingSchema, match: /^streaming\.ya?ml$/ },
  guide: { schema: GuideSchema, match: /^guides\/[^/]+\.ya?ml$/ },
  article: { schema: ArticleSchema, match: /^articles\/[^/]+\.ya?ml$/ },
  page: { schema: PageSchema, match: /^pages\/[^/]+\.ya?ml$/ },
  methodology: { schema: MethodologySchema, match: /^methodology\.ya?ml$/ },
  authors: { schema: AuthorsSchema, match: /^authors\.ya?ml$/ },
  comparison: { schema: ComparisonSchema, match: /^comparison\.ya?ml$/ },
  pair: { schema: PairSchema, match: /^compare\/[^/]+\.ya?ml$/ },
} as const satisfies Record<string, { schema: TSchema; match: RegExp }>;

export type Kind = keyof typeof KINDS;

/** The content kind a data-relative path belongs to, or undefined for a file no kind claims. */
export function kindOf(relPath: string): Kind | undefined {
  return (Object.keys(KINDS) as Kind[]).find((k) => KINDS[k].match.test(relPath));
}

export type Site = Static<typeof SiteSchema>;
export type Provider = Static<typeof ProviderSchema>;
export type Reviews = Static<typeof ReviewsSchema>;
export type Deals = Static<typeof DealsSchema>;
export type Gaming = Static<typeof GamingSchema>;
export type Streaming = Static<typeof StreamingSchema>;
export type Guide = Static<typeof GuideSchema>;
export type Article = Static<typeof ArticleSchema>;
export type Page = Static<typeof PageSchema>;
export type Methodology = Static<typeof MethodologySchema>;
export type Authors = Static<typeof AuthorsSchema>;
export type Comparison = Static<typeof ComparisonSchema>;
export type Pair = Static<typeof PairSchema>;
export type { Block } from './blocks/index.ts';
