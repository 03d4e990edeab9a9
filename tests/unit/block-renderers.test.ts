/** The block types are listed once, in the content schemas; the site has a component for each of them. */
import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../../services/content/schemas/blocks/index.ts';
import type { Renderers } from '../../site/components/blocks/index.tsx';
import { PAGE_BLOCKS as RENDERERS } from '../../site/components/blocks/page-renderers.tsx';

describe('block renderers', () => {
  it('render exactly the block types the schemas define (the page route has them all)', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual(Object.keys(BLOCKS).sort());
  });

  it('do not type-check with a block type left without a component', () => {
    const { 'deal-list': _left, ...rest } = RENDERERS;
    // @ts-expect-error: the deal-list block has no component here
    const partial: Renderers = rest;
    expect(Object.keys(partial)).not.toContain('deal-list');
  });
});
