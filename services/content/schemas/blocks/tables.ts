/** Tabular blocks: a free-form comparison table and a plan-length cost table. */
import { Type } from '@sinclair/typebox';
import { List, Obj, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

const Row = Type.Object(
  {
    label: Type.Optional(Str('The row heading; omit it when the row is about a provider.')),
    provider: Type.Optional(ProviderRef),
    cells: List(Str('One cell.'), 'The cells after the row heading, one per remaining column.'),
  },
  {
    additionalProperties: false,
    description: 'One row: a heading (label, or a provider whose name is shown) and its cells.',
    anyOf: [{ required: ['label'] }, { required: ['provider'] }],
  },
);

export const ComparisonTableBlock = block(
  'comparison-table',
  {
    heading: Heading,
    intro: Intro,
    columns: List(Str('One column heading.'), 'Column headings, the row-heading column first.', 2),
    rows: List(Row, 'The rows.'),
    note: Type.Optional(Str('A note under the table, e.g. how the figures were measured.')),
  },
  'A comparison table.',
);

export const CostTableBlock = block(
  'cost-table',
  {
    heading: Heading,
    intro: Intro,
    columns: Obj(
      {
        plan: Str('Heading of the plan column.'),
        price: Str('Heading of the price column.'),
        savings: Str('Heading of the savings column.'),
        bestFor: Str('Heading of the best-for column.'),
      },
      'Column headings.',
    ),
    rows: List(
      Obj(
        {
          plan: Str('Plan length, e.g. "Monthly".'),
          price: Str('Typical price per month, e.g. "$10-15/month".'),
          savings: Str('Savings against paying monthly, e.g. "30-50%".'),
          bestFor: Str('Who this plan suits.'),
          badge: Type.Optional(Str('A badge on the recommended row, e.g. "Best Value".')),
        },
        'One plan length.',
      ),
      'The plan lengths, shortest first.',
    ),
  },
  'What the same VPN costs per month on each plan length.',
);
