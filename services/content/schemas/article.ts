/** data/articles/<slug>.yaml: an editorial article at /articles/<slug>: metadata, then typed blocks. */
import { Type } from '@sinclair/typebox';
import { IsoDate, Meta, Obj, Publishing, Str } from './common.ts';
import { Blocks } from './blocks/index.ts';

export const ArticleSchema = Obj(
  {
    slug: Str('URL slug; must equal the file name. The article is served at /articles/<slug>.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    meta: Meta,
    title: Str('The article <h1>.'),
    category: Str('The category label, e.g. "Security Comparison".'),
    updated: IsoDate,
    updatedLabel: Str('The visible update line, e.g. "Updated January 2025".'),
    author: Type.Optional(
      Str('Who wrote the article: an id in data/authors.yaml, shown in the byline.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    ),
    summary: Str('One or two sentences for article lists.'),
    blocks: Blocks,
    ...Publishing,
  },
  'An editorial article.',
);
