/** The assembled content: every validated file, grouped by kind and in display order. */
import type {
  Article,
  Authors,
  Comparison,
  Deals,
  Methodology,
  Pair,
  Reviews,
  Gaming,
  Guide,
  Page,
  Provider,
  ProviderFile,
  Site,
  Streaming,
} from './schemas/index.ts';
import type { SourceFile } from './source.ts';
import { byRating } from './ranking.ts';
import { withEvidence } from './evidence.ts';

export interface Content {
  site: Site;
  /** In rating order, best first, ties by name (ranking.ts): the one order of every list of providers. */
  providers: Provider[];
  reviews?: Reviews;
  deals?: Deals;
  gaming?: Gaming;
  streaming?: Streaming;
  /** Sorted by `order`. */
  guides: Guide[];
  /** Sorted by slug. */
  articles: Article[];
  pages: Page[];
  methodology?: Methodology;
  authors?: Authors;
  comparison?: Comparison;
  /** The editors' words on head-to-head pages, sorted by slug. */
  pairs: Pair[];
}

/**
 * Groups parsed files into a Content object. Assumes they passed the schema check. Given each file's routeStub
 * instead of its data, it groups and orders those the same way (validate's route table).
 */
export function assemble(sources: Pick<SourceFile, 'kind' | 'data' | 'rel'>[]): Content | undefined {
  const of = <T>(kind: string) => sources.filter((s) => s.kind === kind).map((s) => s.data as T);
  const site = of<Site>('site')[0];
  if (!site) return undefined;
  const methodology = of<Methodology>('methodology')[0];
  // Each provider's review reads its speed table, its dates and its change log from its test runs.
  const runs = sources.filter((s) => s.kind === 'test-run');
  const providers = withEvidence(of<ProviderFile>('provider') as unknown as Provider[], runs, methodology?.version);
  return {
    site,
    providers: byRating(providers),
    reviews: of<Reviews>('reviews')[0],
    deals: of<Deals>('deals')[0],
    gaming: of<Gaming>('gaming')[0],
    streaming: of<Streaming>('streaming')[0],
    guides: of<Guide>('guide').sort((a, b) => a.order - b.order),
    articles: of<Article>('article').sort((a, b) => a.slug.localeCompare(b.slug)),
    pages: of<Page>('page').sort((a, b) => a.slug.localeCompare(b.slug)),
    methodology,
    authors: of<Authors>('authors')[0],
    comparison: of<Comparison>('comparison')[0],
    pairs: of<Pair>('pair').sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}
