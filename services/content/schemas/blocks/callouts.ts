/** Short, boxed blocks: the quick answer at the top of an article, a highlighted note, a row of headline figures. */
import { Type } from '@sinclair/typebox';
import { Enum, List, Obj, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

export const QuickAnswerBlock = block(
  'quick-answer',
  {
    heading: Str('The box heading, e.g. "Quick Answer".'),
    text: Str('The answer in two or three sentences.'),
    points: Type.Optional(List(Str('One key point.'), 'Key points under the answer.')),
  },
  'The boxed short answer near the top of an article.',
);

export const CalloutBlock = block(
  'callout',
  {
    tone: Enum(['info', 'warning', 'success'], 'Colour and icon: info (blue), warning (amber) or success (green).'),
    title: Str('The callout heading (an <h2>).'),
    text: Str('The callout text.'),
    formula: Type.Optional(Str('A formula shown on its own line, e.g. "Value = (features + performance) ÷ total cost".')),
  },
  'A highlighted note: a recommendation, a warning or a formula.',
);

export const StatsBlock = block(
  'stats',
  {
    heading: Heading,
    intro: Intro,
    items: List(
      Obj({ value: Str('The figure, e.g. "43%".'), label: Str('What the figure means.') }, 'One headline figure.'),
      'The figures.',
    ),
    source: Type.Optional(Str('Where the figures come from.')),
  },
  'A row of headline figures.',
);
