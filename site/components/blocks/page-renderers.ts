/** Every block renderer, as the page route uses them: the blocks only its pages hold load with it (index.tsx). */
import { RENDERERS, type Renderers } from './index';
import { ArticleCardsBlock, ContactInfoBlock, GuideCardsBlock, LegalSectionsBlock } from './page-blocks';

export const PAGE_BLOCKS: Renderers = {
  ...RENDERERS,
  'guide-cards': GuideCardsBlock,
  'article-cards': ArticleCardsBlock,
  'contact-info': ContactInfoBlock,
  'legal-sections': LegalSectionsBlock,
};
