/** A pick set as a page ships it: the words of its measure, the picks and the full ranking (pick-sets.server.ts). */

/** What a page shows of a pick set: small enough to ship with the page. */
export interface ShownPickSet {
  by: string;
  /** The measure's words ("Lowest ping to a nearby server in our tests"); undefined for the partners. */
  label?: string;
  column?: string;
  /** The picked providers' slugs, in order. */
  picks: string[];
  ranking: { slug: string; name: string; rank: number; text: string }[];
}

/** The words a page keeps for a picked provider's card (`notes:`), if it has any. */
export const noteFor = <T extends { provider: string }>(notes: readonly T[] | undefined, slug: string): T | undefined =>
  notes?.find((n) => n.provider === slug);

/** A pick block as its page ships it: the set, and each pick with the block's notes for it. */
export interface PickedBlock {
  shown: ShownPickSet;
  items: ({ provider: string } & Record<string, unknown>)[];
}

/** A pick block as resolved by its page's loader (resolvePickBlocks). */
export const picked = (block: object): PickedBlock => block as unknown as PickedBlock;
