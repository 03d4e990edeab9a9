/** Blocks that recommend providers by slug and plan: a ranking and the recommendation pair. */
import { Type } from '@sinclair/typebox';
import { List, Obj, PlanRef, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

const Features = List(
  Str('One feature, e.g. "{{nordvpn.servers}} servers in {{nordvpn.countries}} countries".'),
  'Features listed on the card.',
);
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
          plan: Type.Optional(PlanRef),
          label: Str('What this pick is best at, e.g. "Best Overall".'),
          summary: Str('Why it ranks here, in one or two sentences.'),
        },
        "One ranked provider; its rank is its position in the list, its rating and the plan's price and discount come from data/providers.",
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
    plan: Type.Optional(PlanRef),
    label: Str('The card badge, e.g. "Top Pick" or "Best Value".'),
    features: Features,
    cta: Cta,
  },
  "One recommended provider: the plan's price, term and discount come from data/providers.",
);

export const RecommendationsBlock = block(
  'recommendations',
  {
    heading: Heading,
    intro: Intro,
    picks: Type.Array(Pick, { minItems: 2, maxItems: 2, description: 'Exactly two picks: the first-ranked provider, then the runner-up.' }),
  },
  'The two recommended VPNs with price, discount, features and a deal button.',
);
