/**
 * Typed content blocks shared by articles, guides and pages. A block type is one schema here plus one
 * renderer in site/components/blocks; an editor composes pages from them without touching code.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Icon, IconText, Link, List, Obj, Paragraphs, Severity, Str, Faq as FaqItems } from '../common.ts';
import { block, Heading } from './define.ts';
import {
  FirmwareBlock,
  IssuesBlock,
  PlatformStepsBlock,
  ProtocolsBlock,
  ProviderDownloadsBlock,
  RequirementsBlock,
  StepsBlock,
} from './guide-blocks.ts';
import { ArticleCardsBlock, ContactFormBlock, ContactInfoBlock, GuideCardsBlock, LegalSectionsBlock } from './page-blocks.ts';
import { StatsBlock } from './callouts.ts';
import { CalloutBlock, QuickAnswerBlock } from './callouts.ts';
import { DealListBlock } from './deals.ts';
import { PriceListBlock, TipsBlock } from './lists.ts';
import { RankingBlock, RecommendationsBlock } from './picks.ts';
import { ComparisonTableBlock, CostTableBlock } from './tables.ts';

export const ProseBlock = block(
  'prose',
  { heading: Heading, paragraphs: Paragraphs, bullets: Type.Optional(List(Str('One bullet.'), 'A bullet list under the paragraphs.')) },
  'A section of text.',
);

export const Card = Obj(
  {
    icon: Icon,
    title: Str('Card heading.'),
    description: Str('Card text.'),
    severity: Type.Optional(Severity),
  },
  'A card with icon, heading, text and an optional severity.',
);

export const CardsBlock = block(
  'cards',
  {
    heading: Heading,
    intro: Type.Optional(Str('A sentence under the heading.')),
    columns: Type.Optional(Type.Integer({ minimum: 2, maximum: 4, description: 'Columns on wide screens, 2 to 4 (default 2).' })),
    badges: Type.Optional(
      Type.Partial(
        Type.Object(
          {
            essential: Str('Badge text for essential cards.'),
            important: Str('Badge text for important cards.'),
            primary: Str('Badge text for primary cards.'),
            high: Str('Badge text for high cards.'),
            medium: Str('Badge text for medium cards.'),
          },
          { additionalProperties: false },
        ),
        { description: 'Badge text per severity; a card whose severity has no text here shows no badge.' },
      ),
    ),
    cards: List(Card, 'The cards.'),
  },
  'A grid of cards.',
);

export const FaqBlock = block('faq', { heading: Heading, items: FaqItems }, 'Questions and answers as native disclosure widgets.');

export const LinksBlock = block(
  'links',
  { heading: Type.Optional(Heading), links: List(Link, 'The links, shown as buttons.') },
  'Internal links, e.g. at the end of an article.',
);

export const CtaBlock = block('cta', { heading: Heading, text: Str('One or two sentences.'), link: Link }, 'A closing call to action.');

export const FeatureListBlock = block('icon-list', { heading: Heading, items: List(IconText, 'Items.') }, 'A list of items with icons.');

/**
 * Every block type, keyed by its tag: the one list of block types. The site's renderers (site/components/blocks)
 * are typed from it, so a type without a component does not compile.
 */
export const BLOCKS = {
  prose: ProseBlock,
  cards: CardsBlock,
  faq: FaqBlock,
  links: LinksBlock,
  cta: CtaBlock,
  'icon-list': FeatureListBlock,
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
} as const satisfies Record<string, TSchema>;

type BlockSchemas = (typeof BLOCKS)[keyof typeof BLOCKS];
export type Block = Static<BlockSchemas>;

/** One block: ajv picks the schema by the `type` tag, so errors name the right fields. */
export const Block = Type.Unsafe<Block>({
  type: 'object',
  description: `A content block. type is one of: ${Object.keys(BLOCKS).join(', ')}.`,
  discriminator: { propertyName: 'type' },
  required: ['type'],
  oneOf: Object.values(BLOCKS),
});

export const Blocks = Type.Array(Block, { minItems: 1, description: 'The ordered content blocks.' });
