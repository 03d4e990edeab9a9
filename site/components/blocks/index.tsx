/** Renders typed content blocks: one component per block type (services/content/schemas/blocks). */
import type { ComponentType } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { CardsBlock, CtaBlock, FaqBlock, IconListBlock, LinksBlock, ProseBlock } from './basic';
import type { BlockContext } from './context';

type Renderers = { [T in Block['type']]: ComponentType<{ block: Extract<Block, { type: T }>; ctx: BlockContext }> };

/** Every block type's renderer. The type checker fails here when a schema has no component. */
const RENDERERS: Renderers = {
  prose: ProseBlock,
  cards: CardsBlock,
  faq: FaqBlock,
  links: LinksBlock,
  cta: CtaBlock,
  'icon-list': IconListBlock,
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
