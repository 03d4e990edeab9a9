/**
 * The picks a rule makes over the content's providers, as a page ships them. Build time only (route loaders).
 */
import { pickSet, type PickRule } from '../../services/content/measures.ts';
import type { Provider } from '../../services/content/index.ts';
import { getContent } from './content.server';
import { noteFor, type ShownPickSet } from './pick-sets';

/** The picks a rule makes, with the providers they name; `skip` leaves out providers that may not be picked here. */
export function shownPickSet(rule: PickRule, skip?: (p: Provider) => boolean): { set: ShownPickSet; providers: Provider[] } {
  const { content } = getContent();
  const criteria = content.methodology?.criteria ?? [];
  const s = pickSet(content.providers, rule, criteria, skip);
  return {
    set: {
      by: s.by,
      ...(s.measure ? { label: s.measure.label, column: s.measure.column } : {}),
      picks: s.picks.map((p) => p.slug),
      ranking: s.ranking.map(({ slug, name, rank, text }) => ({ slug, name, rank, text })),
    },
    providers: s.picks,
  };
}

/** The blocks that pick providers, and how many each shows when its `count` does not say. */
const PICK_BLOCKS: Record<string, number> = { ranking: 3, recommendations: 2, 'deal-list': 2, 'price-list': 5 };

/**
 * A page's blocks with each pick block's picks worked out from its measure: `items` holds the picks in order with
 * the block's notes for each, `shown` the set; the notes themselves stay behind.
 */
export function resolvePickBlocks<B extends { type: string }>(blocks: readonly B[]): B[] {
  return blocks.map((block) => {
    if (!Object.hasOwn(PICK_BLOCKS, block.type)) return block;
    const { by, count, notes, ...rest } = block as B & { by: string; count?: number; notes?: { provider: string }[] };
    const { set } = shownPickSet({ by, count: count ?? PICK_BLOCKS[block.type] });
    const items = set.picks.map((slug) => ({ ...(noteFor(notes, slug) ?? {}), provider: slug }));
    return { ...rest, shown: set, items } as unknown as B;
  });
}
