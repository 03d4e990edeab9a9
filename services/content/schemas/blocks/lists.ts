/** List blocks: numbered steps, do/avoid tips and a provider price list. */
import { Type } from '@sinclair/typebox';
import { Enum, List, Obj, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro, Price } from './define.ts';

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
          price: Price,
          plan: Str('The plan the price is for, e.g. "3-year plan".'),
          note: Str('Why it is on the list.'),
        },
        'One provider and its price.',
      ),
      'The providers, in the order shown.',
    ),
  },
  'A short list of providers with the price of one plan each, e.g. a budget list.',
);
