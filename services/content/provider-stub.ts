/** A provider as the checks across files see it, before the content is put together, and how a draft is named. */

export interface ProviderStub {
  slug: string;
  name: string;
  rating?: number;
  speedTested?: boolean;
  plan: string;
  plans?: Record<string, { price?: number; regularPrice?: number }>;
  linkNames?: string[];
  links?: string[];
  review?: unknown;
  status?: string;
  discontinued?: { on: string };
  draft?: boolean;
}

/** Why live content may not name a draft provider, in a message. */
export const draftText = (p: ProviderStub) => `${p.name} is a draft (providers/${p.slug}.yaml has draft: true), so it is on no page yet`;
