/** data/gaming.yaml: the /vpn-gaming page (spec §2 Gaming page, §3 Gaming deal). */
import { Type } from '@sinclair/typebox';
import { Badge, IconText, IsoDate, List, Meta, Obj, Paragraphs, PlaceholderLink, ProviderRef, Str } from './common.ts';

export const GamingDeal = Obj(
  {
    provider: ProviderRef,
    rating: Type.Number({ minimum: 0, maximum: 5, description: "Shown rating; must equal the provider's rating." }),
    discount: Str('Discount label, e.g. "67% OFF".', { pattern: '^\\d{1,2}% OFF$' }),
    originalPrice: Str('Regular monthly price, struck through, e.g. "$9.99".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
    dealPrice: Str('Deal price per month, e.g. "$3.33".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
    period: Str('What the price is for.'),
    pingMs: Type.Integer({ minimum: 1, description: 'Average ping in milliseconds.' }),
    features: List(Str('One feature.'), 'Feature list.'),
    badge: Badge,
    affiliate: Type.Optional(PlaceholderLink),
    cta: Str('Button text.'),
  },
  "A gaming deal card. Its button goes through /go/<provider>, unless `affiliate` holds a '#' placeholder (inert, logs).",
);

export const GamingSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    benefits: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four benefit tiles.') }, 'Benefit tiles.'),
    dealsTitle: Str('Heading above the deal cards.'),
    pingLabel: Str('Ping line on each deal card; {ms} becomes the average ping.'),
    deals: List(GamingDeal, 'The gaming deals.'),
    tips: Obj({ title: Str('Section heading.'), intro: Type.Optional(Paragraphs), items: List(IconText, 'Tips.') }, 'Gaming tips.'),
  },
  'The gaming page.',
);
