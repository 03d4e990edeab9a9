/** Deals an article quotes: a provider and one of its plans, every figure from the provider's record. */
import { Type } from '@sinclair/typebox';
import { List, Obj, PlanRef, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

export const DealListBlock = block(
  'deal-list',
  {
    heading: Heading,
    intro: Intro,
    savings: Str('The savings line; {savings} becomes the saving the plan quotes, e.g. "Save {savings}".'),
    devices: Str('The devices line; {devices} becomes the provider\'s device limit, e.g. "{devices} connections".'),
    deals: List(
      Obj(
        {
          provider: ProviderRef,
          plan: Type.Optional(PlanRef),
          features: Type.Optional(List(Str('One feature.'), "More features, after the plan's term, extras, guarantee and device limit.")),
          cta: Str('Button text, e.g. "Get Deal".'),
        },
        "One deal: the plan's regular and deal prices, discount, savings, term, extras and guarantee, and the provider's device limit.",
      ),
      'The deals.',
    ),
  },
  'Deal cards: struck-through regular price, deal price, discount, savings, features and a deal button.',
);
