/** Deals an article quotes: a provider and one of its plans, every figure from the provider's record. */
import { Type } from '@sinclair/typebox';
import { List, PickBy, PickCount, PickNotes, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

export const DealListBlock = block(
  'deal-list',
  {
    heading: Heading,
    intro: Intro,
    savings: Str('The savings line; {savings} becomes the saving the plan quotes, e.g. "Save {savings}".'),
    devices: Str('The devices line; {devices} becomes the provider\'s device limit, e.g. "{devices} connections".'),
    by: PickBy,
    count: PickCount,
    notes: PickNotes(
      { features: Type.Optional(List(Str('One feature.'), "More features, after the plan's term, extras, guarantee and device limit.")) },
      "A deal card's features.",
    ),
    cta: Str('Button text, e.g. "Get Deal".'),
  },
  'Deal cards: struck-through regular price, deal price, discount, savings, features and a deal button.',
);
