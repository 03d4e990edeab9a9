/** data/pages/<slug>.yaml: a company, legal or index page at /<slug>, made of typed blocks. */
import { Type } from '@sinclair/typebox';
import { IsoDate, Meta, Obj, Str } from './common.ts';
import { Blocks } from './blocks/index.ts';

export const PageSchema = Obj(
  {
    slug: Str('URL slug; must equal the file name. The page is served at /<slug>.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    meta: Meta,
    updated: IsoDate,
    updatedLabel: Type.Optional(Str('A visible update line, e.g. "Last updated June 2025".')),
    title: Str('The page <h1>.'),
    subtitle: Type.Optional(Str('Text under the heading.')),
    organization: Type.Optional(Type.Boolean({ description: "Adds the site's Organization structured data (for the about page)." })),
    blocks: Blocks,
  },
  'A page built from blocks.',
);
