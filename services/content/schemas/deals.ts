/** data/deals.yaml: the /vpn-deals page: the flash sale, the deal cards and the budget list. */
import { Type } from '@sinclair/typebox';
import { DateField, DealLink, Faq, IconText, IsoDate, List, Meta, Obj, PickBy, PickCount, PickNotes, Publishing, Str } from './common.ts';

/** When an offer runs: both days included, in UTC. */
export const OfferDates = {
  startsOn: DateField('The first day the offer runs (UTC).'),
  endsOn: DateField('The last day the offer runs (UTC); the day after, the site no longer shows it and validate warns.'),
};

/** The words of a deal card, for whenever the page's measure picks its provider. */
export const DealNote = {
  link: Type.Optional(DealLink),
  startsOn: Type.Optional(OfferDates.startsOn),
  endsOn: Type.Optional(
    DateField(
      'The last day this offer runs (UTC). From the day after, the card leaves the page and the next provider by the measure takes its place; validate warns.',
    ),
  ),
  features: List(Str('One feature.'), 'Feature list.'),
  publishAt: Publishing.publishAt,
  expiresAt: Publishing.expiresAt,
};

export const DealsSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj(
      {
        badge: Str('The badge while an offer on this page runs, "Limited Time Offers".'),
        badgeAfter: Str(
          'The badge while no offer on this page runs and every price is recent, e.g. "Prices checked {{prices.checked}}" (never a claim of how often they are checked that the dates do not bear out).',
        ),
        checked: Str(
          'The one line at the top while any price on the page was checked more than site.yaml prices.maxAgeDays ago, e.g. "Prices checked {{prices.checked}}. Prices change often: confirm the price at checkout."; the cards then carry no date of their own.',
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
    fresh: Type.Optional(
      Obj(
        {
          subtitle: Type.Optional(
            Str('A sentence after the hero text, e.g. "We check every price on this page against the provider\'s own checkout."'),
          ),
          trust: Type.Optional(
            List(Obj({ icon: IconText.properties.icon, label: Str('e.g. "Verified deals".') }, 'A trust point.'), 'More trust points.'),
          ),
          dealsTitle: Type.Optional(Str('The deals heading instead of dealsTitle, e.g. "Today\'s Top VPN Deals".')),
        },
        'Words that claim the prices are current ("Verified", "Today\'s", "we check every price"): shown only while every price on the page was checked within site.yaml prices.maxAgeDays. Anywhere else in this file such words are an error.',
      ),
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
    picks: Obj(
      { by: PickBy, count: PickCount },
      "The deal cards: the top of the measure (e.g. discount) over every reviewed provider, each with its plan's price from the provider's record; every provider is ranked by it below.",
    ),
    notes: PickNotes(DealNote, "A deal card's features and, for a limited offer, its dates."),
    cta: Str('Button text on every card; {name} becomes the provider\'s name, e.g. "Get {name} Deal".'),
    rankingTitle: Str('Heading of the full ranking below the cards.'),
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
              by: PickBy,
              reason: Str('Why this measure matters to the audience; it names no provider, since the measure picks it.'),
            },
            'One audience pick: the provider at the top of the measure.',
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
