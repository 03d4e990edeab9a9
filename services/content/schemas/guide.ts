/** data/guides/<slug>.yaml: a setup guide at /<slug>. */
import { Type } from '@sinclair/typebox';
import { Difficulty, Icon, IsoDate, Link, List, Meta, Obj, Publishing, Str } from './common.ts';
import { Blocks } from './blocks/index.ts';

export const GuideSchema = Obj(
  {
    slug: Str('URL slug; must equal the file name. The guide is served at /<slug>.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    order: Type.Integer({ minimum: 1, description: 'Position on the guides index.' }),
    meta: Meta,
    updated: IsoDate,
    title: Str('The guide <h1>.'),
    subtitle: Str('Text under the heading.'),
    platforms: Str('Platforms covered, e.g. "Windows 10/11".'),
    difficulty: Difficulty,
    difficultyLabel: Type.Optional(Str('Overrides the badge text, e.g. "Intermediate/Advanced".')),
    time: Str('Setup time as shown on the guide and its card, e.g. "5 min setup".'),
    back: Link,
    card: Obj(
      {
        title: Str('Card heading on the guides index.'),
        description: Str('Card text.'),
        icon: Icon,
        quickSteps: List(Str('One quick step.'), 'Quick steps shown on the card.'),
      },
      'The card on /vpn-setup-guides.',
    ),
    blocks: Blocks,
    ...Publishing,
  },
  'A setup guide.',
);
