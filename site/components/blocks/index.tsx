/** Renders typed content blocks: one component per block type (services/content/schemas/blocks). */
import type { ComponentType } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { CardsBlock, CtaBlock, FaqBlock, IconListBlock, LinksBlock, ProseBlock } from './basic';
import { ContactFormBlock } from './contact-form';
import type { BlockContext } from './context';
import { ArticleCardsBlock, ContactInfoBlock, GuideCardsBlock, LegalSectionsBlock } from './page-blocks';
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

/** Every block type's renderer, keyed as the schemas' BLOCKS. */
export const RENDERERS: Renderers = {
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
  'guide-cards': GuideCardsBlock,
  'article-cards': ArticleCardsBlock,
  'contact-info': ContactInfoBlock,
  'contact-form': ContactFormBlock,
  'legal-sections': LegalSectionsBlock,
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
