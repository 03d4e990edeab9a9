/** data/gaming.yaml: the /vpn-gaming page: deals ranked for gaming, with ping and the games they suit. */
import { Type } from '@sinclair/typebox';
import { IconText, IsoDate, List, Meta, Obj, Paragraphs, PickBy, PickCount, PickNotes, Str } from './common.ts';

export const GamingSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    benefits: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four benefit tiles.') }, 'Benefit tiles.'),
    dealsTitle: Str('Heading above the deal cards.'),
    pingLabel: Str('Ping line on each deal card; {ping} becomes the lowest ping measured on the provider\'s review, e.g. "8 ms".'),
    picks: Obj(
      { by: PickBy, count: PickCount },
      "The gaming picks: the top of the measure (ping, for a game) over every reviewed provider, each a deal card whose price, discount, rating and ping come from the provider's record, with every provider ranked by it below.",
    ),
    notes: PickNotes({ features: List(Str('One feature.'), 'Feature list.') }, "A gaming card's features."),
    cta: Str('Button text on every card; {name} becomes the provider\'s name, e.g. "Get {name} for Gaming".'),
    rankingTitle: Str('Heading of the full ranking below the cards, e.g. "Every VPN We Reviewed, by Ping".'),
    tips: Obj({ title: Str('Section heading.'), intro: Type.Optional(Paragraphs), items: List(IconText, 'Tips.') }, 'Gaming tips.'),
  },
  'The gaming page.',
);
