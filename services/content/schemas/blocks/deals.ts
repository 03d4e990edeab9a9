/** Current deals quoted in an article: was-price, deal price, discount, savings and features. */
import { List, Obj, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro, Price } from './define.ts';

export const DealListBlock = block(
  'deal-list',
  {
    heading: Heading,
    intro: Intro,
    deals: List(
      Obj(
        {
          provider: ProviderRef,
          originalPrice: Price,
          dealPrice: Price,
          discount: Str('Discount badge, e.g. "68% OFF".'),
          savings: Str('The savings text, e.g. "Save $208".'),
          features: List(Str('One feature, e.g. "2-year plan".'), 'What the deal includes.'),
          cta: Str('Button text, e.g. "Get Deal".'),
        },
        'One deal.',
      ),
      'The deals.',
    ),
  },
  'Deal cards: struck-through original price, deal price, discount, savings, features and a deal button.',
);
