/** Renders typed content blocks: one component per block type (services/content/schemas/blocks). */
import type { ComponentType } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { CardsBlock, CtaBlock, FaqBlock, IconListBlock, LinksBlock, ProseBlock } from './basic';
import { CalloutBlock, QuickAnswerBlock, StatsBlock } from './callouts';
import type { BlockContext } from './context';
import { DealListBlock } from './deals';
import { PriceListBlock, StepsBlock, TipsBlock } from './lists';
import { RankingBlock, RecommendationsBlock } from './picks';
import { ComparisonTableBlock, CostTableBlock } from './tables';

type Renderers = { [T in Block['type']]: ComponentType<{ block: Extract<Block, { type: T }>; ctx: BlockContext }> };

/** Every block type's renderer. The type checker fails here when a schema has no component. */
const RENDERERS: Renderers = {
  prose: ProseBlock,
  cards: CardsBlock,
  faq: FaqBlock,
  links: LinksBlock,
  cta: CtaBlock,
  'icon-list': IconListBlock,
  'quick-answer': QuickAnswerBlock,
  callout: CalloutBlock,
  stats: StatsBlock,
  ranking: RankingBlock,
  recommendations: RecommendationsBlock,
  'comparison-table': ComparisonTableBlock,
  'cost-table': CostTableBlock,
  steps: StepsBlock,
  tips: TipsBlock,
  'price-list': PriceListBlock,
  'deal-list': DealListBlock,
};

export function Blocks({ blocks, ctx }: { blocks: readonly Block[]; ctx: BlockContext }) {
  return (
    <>
      {blocks.map((block, i) => {
        const Component = RENDERERS[block.type] as ComponentType<{ block: Block; ctx: BlockContext }>;
        return <Component key={i} block={block} ctx={ctx} />;
      })}
    </>
  );
}
