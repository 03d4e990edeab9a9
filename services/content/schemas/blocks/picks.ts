/** Blocks that recommend providers by slug and plan: a ranking and the recommendation pair. */
import { List, PickBy, PickCount, PickNotes, Str } from '../common.ts';
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
    by: PickBy,
    count: PickCount,
    notes: PickNotes({ summary: Str('Why it ranks well, in one or two sentences.') }, "A ranked provider's summary."),
    cta: Cta,
  },
  "A numbered ranking: the top `count` providers by the measure `by`, each with its rating, its card plan's price and a deal button; every reviewed provider is listed by the measure below.",
);

export const RecommendationsBlock = block(
  'recommendations',
  {
    heading: Heading,
    intro: Intro,
    by: PickBy,
    notes: PickNotes({ features: Features }, "A pick card's features."),
    cta: Cta,
  },
  'The two providers at the top of the measure `by`, with price, discount, features and a deal button; every reviewed provider is listed by the measure below.',
);
