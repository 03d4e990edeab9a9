/** data/gaming.yaml: the /vpn-gaming page: deals ranked for gaming, with ping and the games they suit. */
import { Type } from '@sinclair/typebox';
import { Badge, DealLink, IconText, IsoDate, List, Meta, Obj, Paragraphs, PlanRef, ProviderRef, Str } from './common.ts';

export const GamingDeal = Obj(
  {
    provider: ProviderRef,
    plan: Type.Optional(PlanRef),
    link: Type.Optional(DealLink),
    features: List(Str('One feature.'), 'Feature list.'),
    badge: Badge,
    cta: Str('Button text.'),
  },
  "A gaming deal card: price, regular price, discount, rating and ping (the nearest server's, from the speed tests on its review) come from the provider's record. Its button goes through /go/<provider>.",
);

export const GamingSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    benefits: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four benefit tiles.') }, 'Benefit tiles.'),
    dealsTitle: Str('Heading above the deal cards.'),
    pingLabel: Str('Ping line on each deal card; {ping} becomes the lowest ping measured on the provider\'s review, e.g. "8 ms".'),
    deals: List(GamingDeal, 'The gaming deals.'),
    tips: Obj({ title: Str('Section heading.'), intro: Type.Optional(Paragraphs), items: List(IconText, 'Tips.') }, 'Gaming tips.'),
  },
  'The gaming page.',
);
