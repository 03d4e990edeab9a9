/** Renders typed content blocks: one component per block type (services/content/schemas/blocks). */
import type { ComponentType } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { CardsBlock, CtaBlock, FaqBlock, IconListBlock, LinksBlock, ProseBlock } from './basic';
import type { BlockContext } from './context';
import { ProviderDownloadsBlock } from './provider-downloads';
import { IssuesBlock, PlatformStepsBlock, RequirementsBlock, StepsBlock } from './steps';
import { FirmwareBlock, ProtocolsBlock } from './tech-cards';
import { CalloutBlock, QuickAnswerBlock, StatsBlock } from './callouts';
import { DealListBlock } from './deals';
import { PriceListBlock, TipsBlock } from './lists';
import { RankingBlock, RecommendationsBlock } from './picks';
import { ComparisonTableBlock, CostTableBlock } from './tables';

/** A component for each block type the content schemas define (BLOCKS): one missing, or one too many, fails the type check. */
export type Renderers = { [T in Block['type']]: ComponentType<{ block: Extract<Block, { type: T }>; ctx: BlockContext }> };

/**
 * The blocks that list the site's own guides and articles, and the company pages' own: they draw on what only the
 * page route gathers (its ctx), or stand on one company page (the contact form), so they come with that route
 * (site/routes/page.tsx), not with every page that has blocks.
 */
export type PageBlockType = 'guide-cards' | 'article-cards' | 'contact-info' | 'legal-sections' | 'contact-form';

/** Every other block type's renderer, keyed as the schemas' BLOCKS. */
export const RENDERERS: Omit<Renderers, PageBlockType> = {
  prose: ProseBlock,
  cards: CardsBlock,
  faq: FaqBlock,
  links: LinksBlock,
  cta: CtaBlock,
  'icon-list': IconListBlock,
  steps: StepsBlock,
  requirements: RequirementsBlock,
  issues: IssuesBlock,
  'provider-downloads': ProviderDownloadsBlock,
  firmware: FirmwareBlock,
  protocols: ProtocolsBlock,
  'platform-steps': PlatformStepsBlock,
  stats: StatsBlock,
  'quick-answer': QuickAnswerBlock,
  callout: CalloutBlock,
  ranking: RankingBlock,
  recommendations: RecommendationsBlock,
  'comparison-table': ComparisonTableBlock,
  'cost-table': CostTableBlock,
  tips: TipsBlock,
  'price-list': PriceListBlock,
  'deal-list': DealListBlock,
};

/** The blocks in order; the page route passes every renderer, its own blocks among them. */
export function Blocks({
  blocks,
  ctx,
  renderers = RENDERERS,
}: {
  blocks: readonly Block[];
  ctx: BlockContext;
  renderers?: Partial<Renderers>;
}) {
  return (
    <>
      {blocks.map((block, i) => {
        const Component = renderers[block.type] as ComponentType<{ block: Block; ctx: BlockContext }> | undefined;
        if (!Component) throw new Error(`a ${block.type} block shows only on a page of data/pages/`);
        return <Component key={i} block={block} ctx={ctx} />;
      })}
    </>
  );
}
