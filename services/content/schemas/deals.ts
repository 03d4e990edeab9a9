/** data/deals.yaml: the /vpn-deals page: the flash sale, the deal cards and the budget list. */
import { Type } from '@sinclair/typebox';
import { Badge, DateField, DealLink, Faq, IconText, IsoDate, List, Meta, Obj, PlanRef, ProviderRef, Publishing, Str } from './common.ts';

/** When an offer runs: both days included, in UTC. */
export const OfferDates = {
  startsOn: DateField('The first day the offer runs (UTC).'),
  endsOn: DateField('The last day the offer runs (UTC); the day after, the site no longer shows it and validate warns.'),
};

export const Deal = Obj(
  {
    provider: ProviderRef,
    plan: Type.Optional(PlanRef),
    link: Type.Optional(DealLink),
    ...OfferDates,
    features: List(Str('One feature.'), 'Feature list.'),
    badge: Badge,
    cta: Str('Button text.'),
    publishAt: Publishing.publishAt,
    expiresAt: Publishing.expiresAt,
  },
  "A deal card: the plan's price, regular price, discount, savings and rating come from the provider's record. Its button goes through /go/<provider> (or /go/<provider>/<link>).",
);

export const DealsSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj(
      {
        badge: Str('The badge while an offer on this page runs, "Limited Time Offers".'),
        badgeAfter: Str(
          'The badge while no offer on this page runs, e.g. "Prices checked {{prices.checked}}" (never a claim of how often they are checked that the dates do not bear out).',
        ),
        title: Str('"Best VPN Deals of 2025".'),
        subtitle: Str('Text under the heading.'),
        trust: List(
          Obj({ icon: IconText.properties.icon, label: Str('e.g. "Up to {{max.discount}} savings".') }, 'A trust point.'),
          'The trust points.',
        ),
      },
      'The page hero.',
    ),
    flashSale: Obj(
      {
        title: Str('Banner heading while the sale runs; {date} becomes its last day, e.g. "January 31, 2025".'),
        text: Str('Banner text while the sale runs; {date} as above.'),
        ...OfferDates,
      },
      'The flash-sale banner: shown from its first day to its last, and gone after it, when the page leads with the regular prices.',
    ),
    offerLabels: Obj(
      {
        savings: Str(
          'The savings line on each card; {savings} becomes a year on the plan against monthly billing, e.g. "Save {savings} a year compared with monthly billing".',
        ),
        validUntil: Str('Shown on a card while its deal runs; {date} becomes its last day, e.g. "Valid until {date}".'),
        startsOn: Str('Shown on a card before its deal starts; {date} becomes its first day, e.g. "Starts {date}".'),
      },
      'Texts on every deal card.',
    ),
    dealsTitle: Str('Heading above the deal cards.'),
    deals: List(Deal, 'The deal cards.'),
    whySpecial: Obj({ title: Str('Section heading.'), points: List(IconText, 'The four points.') }, 'Why these deals are special.'),
    whoFor: Obj(
      {
        title: Str('Section heading.'),
        readReview: Str("Link text to the pick's review; {name} becomes the provider name."),
        items: List(
          Obj(
            {
              icon: IconText.properties.icon,
              audience: Str('e.g. "Home users".'),
              provider: ProviderRef,
              reason: Str('Why this provider fits.'),
            },
            'One audience pick.',
          ),
          'Audience picks.',
        ),
      },
      'Which VPN for whom.',
    ),
    features: Obj({ title: Str('Section heading.'), items: List(IconText, 'The four feature tiles.') }, 'Feature tiles.'),
    faq: Obj({ title: Str('FAQ heading.'), items: Faq }, 'The FAQ.'),
  },
  'The deals page.',
);
