/** A provider's plans, each price a dated observation, and where `vpnsite prices check` reads them (docs/prices.md). */
import { Type } from '@sinclair/typebox';
import { DateField, Enum, List, Obj, PLAN_ID, Str } from './common.ts';

const Money = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: 1000, description });

/** What a plan costs once its first term is over, as the provider states it. */
const Renewal = Obj(
  {
    price: Type.Number({
      exclusiveMinimum: 0,
      maximum: 10000,
      description: 'What each renewal is billed, e.g. 99.48; cards say "then $99.48 a year".',
    }),
    months: Type.Integer({ minimum: 1, maximum: 120, description: 'How many months each renewal buys, e.g. 12 ("a year").' }),
  },
  'The renewal price after the first term, with its term; leave it out where the provider does not state one (no card guesses).',
);

/** One reading of a plan's price on one day: the history is the list of them, the site shows the last. */
export const Observation = Obj(
  {
    date: DateField(
      'The day the price was read at the provider, shown as "Price checked 15 Jan 2025". The last observation older than site.yaml prices.maxAgeDays is a warning.',
    ),
    price: Money('Price per month on this plan on that day, e.g. 3.39 (shown as "$3.39").'),
    regularPrice: Type.Optional(
      Money(
        "The monthly plan's price this one was compared with on that day, shown struck through, e.g. 12.95. The discount (rounded down) and the savings are worked out from it; leave it out where the provider shows none.",
      ),
    ),
    renewal: Type.Optional(Renewal),
    currency: Enum(['USD'] as const, 'The currency of the amounts: USD, the one the site shows.'),
    source: Str('The page the price was read from, https://….', { pattern: '^https?://' }),
  },
  "One dated observation of the plan's price. Add a new one rather than change an old one: the review charts them.",
);

export const Plan = Obj(
  {
    months: Type.Integer({
      minimum: 1,
      maximum: 120,
      description:
        'How many months one payment buys, e.g. 24. The plan\'s label ("2-year plan"), discount and savings are worked out from it.',
    }),
    extras: Type.Optional(
      List(
        Str('One extra, e.g. "3 months free".'),
        'What the plan adds, e.g. free months, shown after its term: "2-year plan, 3 months free".',
      ),
    ),
    guarantee: Str('The guarantee or trial on this plan, e.g. "30-day money-back guarantee" or "7-day free trial".'),
    prices: List(
      Observation,
      'The price as observed, oldest first, one line each: `- { date: 2025-01-15, price: 3.39, regularPrice: 12.95, currency: USD, source: "https://…" }`. The site shows the last; `vpnsite prices check --write` appends one.',
    ),
  },
  'One plan: its term and its dated prices; its label, discount and savings are worked out from them, never typed.',
);

const Selector = (what: string) => Str(`A CSS selector for the element whose text holds ${what}, e.g. "$3.39", "3,39 €" or "US$ 3.39/mo".`);

/** Where `vpnsite prices check` reads each plan's price. */
export const Pricing = Obj(
  {
    url: Str("The provider's pricing page, https://…, the source of each observation read there.", { pattern: '^https?://' }),
    plans: Type.Optional(
      Type.Record(
        Type.String({ pattern: PLAN_ID }),
        Obj(
          {
            price: Selector('the price per month'),
            regularPrice: Type.Optional(Selector('the regular (struck-through) monthly price')),
            renewalPrice: Type.Optional(Selector('what each renewal is billed')),
            renewalMonths: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: 120,
                description: "How many months each renewal buys, when the page's renewal price is read; default 12.",
              }),
            ),
          },
          'How to read one plan on the page; only price is required.',
        ),
        {
          minProperties: 1,
          additionalProperties: false,
          description: 'By plan id, the CSS selectors of its amounts; a plan left out is not checked.',
        },
      ),
    ),
  },
  'The pricing page `vpnsite prices check` reads, and how to read each plan there (docs/prices.md).',
);
