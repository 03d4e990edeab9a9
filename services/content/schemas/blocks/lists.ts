/** List blocks: numbered steps, do/avoid tips and a provider price list. */
import { Type } from '@sinclair/typebox';
import { Enum, List, Obj, PlanRef, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

export const TipsBlock = block(
  'tips',
  {
    heading: Heading,
    intro: Intro,
    tone: Enum(['do', 'avoid'], 'do: advice to follow (green ticks); avoid: mistakes (red crosses).'),
    items: List(Obj({ title: Str('The tip in a few words.'), text: Str('Why and how.') }, 'One tip.'), 'The tips.'),
  },
  'A list of tips or of mistakes to avoid.',
);

export const PriceListBlock = block(
  'price-list',
  {
    heading: Heading,
    intro: Intro,
    items: List(
      Obj(
        {
          provider: ProviderRef,
          plan: Type.Optional(PlanRef),
          note: Str('Why it is on the list.'),
        },
        'One provider and the price and term of one of its plans, from data/providers.',
      ),
      'The providers, in the order shown.',
    ),
  },
  'A short list of providers with the price of one plan each, e.g. a budget list.',
);
