/** data/gaming.yaml: the /vpn-gaming page (spec §2 Gaming page, §3 Gaming deal). */
import { Type } from '@sinclair/typebox';
import { Badge, IconText, IsoDate, List, Meta, Obj, OutboundLink, Paragraphs, ProviderRef, Str } from './common.ts';

export const GamingDeal = Obj(
  {
    provider: ProviderRef,
    rating: Type.Number({ minimum: 0, maximum: 5, description: "Shown rating; must equal the provider's rating." }),
    discount: Str('Discount label, e.g. "67% OFF".'),
    originalPrice: Str('Regular monthly price, struck through.'),
    dealPrice: Str('Deal price per month.'),
    period: Str('What the price is for.'),
    pingMs: Type.Integer({ minimum: 1, description: 'Average ping in milliseconds.' }),
    features: List(Str('One feature.'), 'Feature list.'),
    badge: Badge,
    affiliate: Type.Optional(OutboundLink),
    cta: Str('Button text.'),
  },
  'A gaming deal card.',
);

export const GamingSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    benefits: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four benefit tiles.') }, 'Benefit tiles.'),
    dealsTitle: Str('Heading above the deal cards.'),
    deals: List(GamingDeal, 'The gaming deals.'),
    tips: Obj({ title: Str('Section heading.'), intro: Type.Optional(Paragraphs), items: List(IconText, 'Tips.') }, 'Gaming tips.'),
  },
  'The gaming page.',
);
