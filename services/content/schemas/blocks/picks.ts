/** Blocks that name providers by slug with the article's own prices: a ranking and the recommendation pair. */
import { Type } from '@sinclair/typebox';
import { List, Obj, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro, Price } from './define.ts';

const Features = List(Str('One feature, e.g. "5,500+ servers in 60 countries".'), 'Features listed on the card.');
const Cta = Str('Button text, e.g. "Get Deal".');

export const RankingBlock = block(
  'ranking',
  {
    heading: Heading,
    intro: Intro,
    entries: List(
      Obj(
        {
          provider: ProviderRef,
          label: Str('What this pick is best at, e.g. "Best Overall".'),
          price: Price,
          plan: Str('The plan the price is for, e.g. "2-year plan".'),
          discount: Str('Discount badge, e.g. "68% OFF".'),
          summary: Str('Why it ranks here, in one or two sentences.'),
        },
        'One ranked provider; its rank is its position in the list, its rating comes from data/providers.',
      ),
      'The providers, best first.',
    ),
    cta: Cta,
  },
  'A numbered ranking of providers with a deal button each.',
);

const Pick = Obj(
  {
    provider: ProviderRef,
    label: Str('The card badge, e.g. "Top Pick" or "Best Value".'),
    price: Price,
    plan: Str('The plan the price is for, e.g. "2-year plan".'),
    discount: Str('Discount badge, e.g. "68% OFF".'),
    features: Features,
    cta: Cta,
  },
  'One recommended provider.',
);

export const RecommendationsBlock = block(
  'recommendations',
  {
    heading: Heading,
    intro: Intro,
    picks: Type.Array(Pick, { minItems: 2, maxItems: 2, description: 'Exactly two picks: the first-ranked provider, then the runner-up (spec §3).' }),
  },
  'The two recommended VPNs with price, discount, features and a deal button.',
);
