/** List blocks: numbered steps, do/avoid tips and a provider price list. */
import { Enum, List, Obj, PickBy, PickCount, PickNotes, Str } from '../common.ts';
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
    by: PickBy,
    count: PickCount,
    notes: PickNotes({ note: Str('Why it suits the list.') }, "A listed provider's note."),
  },
  "A short list: the top `count` providers by the measure `by` (price, for a budget list), each with its card plan's price.",
);
