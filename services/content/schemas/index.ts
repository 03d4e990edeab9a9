/** Every content kind: which files hold it and the schema they follow. */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Evidence, SpeedRow } from '../evidence-types.ts';
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
import { TestRunSchema } from './test-run.ts';

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
  'test-run': { schema: TestRunSchema, match: /^tests\/[^/]+\/[^/]+\.ya?ml$/ },
} as const satisfies Record<string, { schema: TSchema; match: RegExp }>;

export type Kind = keyof typeof KINDS;

/** The content kind a data-relative path belongs to, or undefined for a file no kind claims. */
export function kindOf(relPath: string): Kind | undefined {
  return (Object.keys(KINDS) as Kind[]).find((k) => KINDS[k].match.test(relPath));
}

export type Site = Static<typeof SiteSchema>;
/** A provider file as it is written. */
export type ProviderFile = Static<typeof ProviderSchema>;
/** A provider with what its test runs and change log give its review (evidence.ts): the one the pages read. */
export type Provider = Omit<ProviderFile, 'review'> & {
  review?: Omit<NonNullable<ProviderFile['review']>, 'speed'> & {
    /** The speed section: its intro as written, its line and rows from the latest run. */
    speed: { intro: string; baseline: number; tests: SpeedRow[] };
    /** The date of the newest change-log entry. */
    updated: string;
  };
  /** The test runs and the change log; absent on a provider with no runs. */
  evidence?: Evidence;
};
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
export type TestRun = Static<typeof TestRunSchema>;
export type { Block } from './blocks/index.ts';
