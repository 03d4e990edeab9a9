/** data/deals.yaml: the /vpn-deals page (spec §2 Deals page, §3 Deal). */
import { Type } from '@sinclair/typebox';
import { Badge, Faq, IconText, IsoDate, List, Meta, Obj, PlaceholderLink, ProviderRef, Str } from './common.ts';

export const Deal = Obj(
  {
    provider: ProviderRef,
    rating: Type.Number({ minimum: 0, maximum: 5, description: "Shown rating; must equal the provider's rating." }),
    discount: Str('Discount label, e.g. "73% OFF".', { pattern: '^\\d{1,2}% OFF$' }),
    originalPrice: Str('Regular monthly price, struck through, e.g. "$12.95".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
    dealPrice: Str('Deal price per month, e.g. "$3.39".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
    period: Str('What the deal price is for, e.g. "per month, 2-year plan".'),
    features: List(Str('One feature.'), 'Feature list.'),
    badge: Badge,
    savings: Str('Savings text, e.g. "Save $114 per year".'),
    validUntil: Str('Validity text, e.g. "Valid until January 31, 2025"; shown only while the flash sale runs.'),
    affiliate: Type.Optional(PlaceholderLink),
    cta: Str('Button text.'),
  },
  "A deal card. Its button goes through /go/<provider>, unless `affiliate` holds a '#' placeholder: then it is inert and logs (spec §3, §4).",
);

export const DealsSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj(
      {
        badge: Str('"Limited Time Offers".'),
        title: Str('"Best VPN Deals of 2025".'),
        subtitle: Str('Text under the heading.'),
        trust: List(Obj({ icon: IconText.properties.icon, label: Str('e.g. "Up to 82% savings".') }, 'A trust point.'), 'The trust points.'),
      },
      'The page hero.',
    ),
    flashSale: Obj(
      {
        title: Str('Banner heading while the sale runs.'),
        text: Str('Banner text while the sale runs.'),
        endsOn: IsoDate,
        endsLabel: Str('The visible end date, e.g. "January 31, 2025".'),
        endedTitle: Str('Banner heading once the end date has passed.'),
        endedText: Str('Banner text once the end date has passed.'),
      },
      'The flash-sale banner; its end date drives the ended state and a validate warning.',
    ),
    dealsTitle: Str('Heading above the deal cards.'),
    deals: List(Deal, 'The deal cards.'),
    whySpecial: Obj({ title: Str('Section heading.'), points: List(IconText, 'The four points.') }, 'Why these deals are special.'),
    whoFor: Obj(
      {
        title: Str('Section heading.'),
        readReview: Str('Link text to the pick\'s review; {name} becomes the provider name.'),
        items: List(Obj({ icon: IconText.properties.icon, audience: Str('e.g. "Home users".'), provider: ProviderRef, reason: Str('Why this provider fits.') }, 'One audience pick.'), 'Audience picks.'),
      },
      'Which VPN for whom.',
    ),
    features: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four feature tiles.') }, 'Feature tiles.'),
    faq: Obj({ title: Str('FAQ heading.'), items: Faq }, 'The FAQ.'),
  },
  'The deals page.',
);
