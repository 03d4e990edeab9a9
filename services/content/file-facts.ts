/**
 * What one file hands on to the rules that span files (its refs, links, figures and named strings), the places
 * those are named by in messages, and the walk over a file's strings that the file's own rules share.
 */
import { KINDS, type Kind } from './schemas/index.ts';
import type { Problem, Severity } from './problem.ts';
import { locate, type SourceFile } from './source.ts';
import type { DownloadButton } from './button-checks.ts';

/** The kinds whose files carry a slug. */
export const SLUGGED = new Set(
  (Object.keys(KINDS) as Kind[]).filter((k) => (KINDS[k].schema as { properties?: Record<string, unknown> }).properties?.slug),
);

/** Text an editor left to fill in: "[Jurisdiction]", TODO, TBD, lorem ipsum. */
export const PLACEHOLDER_TEXT = /\[[A-Z][A-Za-z ]{2,}\]|\bTODO\b|\bTBD\b|\blorem ipsum\b/i;

export type Visit = (
  key: string,
  value: string,
  parent: Record<string, unknown>,
  pointer: () => string,
  about: string | undefined,
  top: (depth?: number) => string | undefined,
) => void;

/**
 * Visits every string below root (property values and list items), depth first. `pointer()` gives the JSON
 * pointer of the one being visited; it is built only when asked for, since building one for every value was most
 * of this walk's time at 10,000 files. It runs over every file's data, so it allocates no entries arrays. `about` is
 * the provider the string is about: the nearest enclosing object's `provider:`, else `rootAbout`; `top()` the
 * key the string is under at a depth (the top-level one by default). With `skip`, the values (and everything below them) whose pointer it refuses
 * are not visited; that builds every pointer, so it is only for the few files with errors.
 */
export function walkStrings(root: unknown, rootAbout: string | undefined, visit: Visit, skip?: (pointer: string) => boolean): void {
  const path: string[] = [];
  const pointer = () => path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const top = (depth = 0) => path[depth];
  const step = (key: string, v: unknown, parent: Record<string, unknown>, about: string | undefined) => {
    const text = typeof v === 'string';
    if (!text && !(v && typeof v === 'object')) return;
    path.push(key);
    if (!skip?.(pointer())) {
      if (text) visit(key, v, parent, pointer, about, top);
      else go(v, about);
    }
    path.pop();
  };
  const go = (value: unknown, about: string | undefined) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) step(String(i), value[i], value as unknown as Record<string, unknown>, about);
    } else {
      const obj = value as Record<string, unknown>;
      const here = typeof obj.provider === 'string' ? obj.provider : about;
      for (const k in obj) step(k, obj[k], obj, here);
    }
  };
  if (root && typeof root === 'object') go(root, rootAbout);
}

/**
 * A `provider:` reference in a file other than a provider's, the `plan:` beside it (null when there is none), and
 * what the place does with the provider (refRole), when it recommends it or carries its buttons.
 */
export type ProviderRef = [provider: string, plan: string | null, role?: RefRole];

/**
 * What a place that names a provider does with it: 'pick' recommends it (a ranking, a pick box, a deal card, a
 * "which to choose" table), which only a reviewed, active provider may be; 'buttons' only carries its /go/ buttons
 * (a guide's download picker), which a discontinued provider may not have.
 */
export type RefRole = 'pick' | 'buttons';

/** Blocks that recommend the providers they name. */
export const PICK_BLOCKS: Record<string, string> = {
  ranking: 'a ranking',
  recommendations: 'a pick box',
  'deal-list': 'a deal box',
  'price-list': 'a price list',
  'comparison-table': 'a comparison table',
  'cost-table': 'a cost table',
};

/** What each place is called in a message, by block type or page kind. */
export const PLACE_NAMES: Record<string, string> = {
  ...PICK_BLOCKS,
  'provider-downloads': 'a download picker',
  deals: 'a deal card',
  streaming: 'a streaming pick',
  gaming: 'a gaming deal',
};

/** The role of a `provider:` at this place: by the block it is in, or by the page (every pick on deals, streaming and gaming). */
export function refRole(kind: Kind, blockType: unknown): [RefRole, string] | undefined {
  if (kind === 'deals' || kind === 'streaming' || kind === 'gaming') return ['pick', kind];
  if (typeof blockType !== 'string') return undefined;
  if (Object.hasOwn(PICK_BLOCKS, blockType)) return ['pick', blockType];
  return blockType === 'provider-downloads' ? ['buttons', blockType] : undefined;
}

/**
 * What the rules that span files need to know of one file, gathered where the file is parsed (in a validation
 * thread, say): small enough to hand back and to cache instead of the file's data. A file with errors has them too,
 * from what its errors leave usable, so that it still counts as existing for the others.
 */
export interface FileFacts {
  /** routes.ts routeStub: what the route table reads of the file; its slug is the file name's. */
  stub: Record<string, unknown>;
  /** The file's own slug, for the duplicate checks: only when it is the file name's (the mismatch is one error). */
  slug?: string;
  /** A slug that differs from the file name: references to either name are taken as references to this file. */
  aka?: string;
  /**
   * Provider references, site-internal hrefs ('/…'), figure references ({{…}}, with their place among equal ones in
   * their string) and strings that may name a provider beside a figure, in the order of the file. Their pointers are
   * not kept (they were half of what a validation thread handed back): for a problem, crossCheck finds them again.
   */
  refs: ProviderRef[];
  /**
   * For each ref, the pointer of the list it is an item of (its item's index and key taken off), or null when it is
   * not in a list: the lists of providers, which must be in rating order.
   */
  refLists: (string | null)[];
  links: string[];
  figures: [raw: string, nth: number][];
  named: string[];
  /** Offer end dates; whether one has passed depends on the day of the run, so it is decided with the others. */
  ends: { pointer: string; endsOn: string; schedule?: true }[];
  /** The days a provider's plans were checked; how old is too old depends on the day too. */
  checked: { pointer: string; date: string }[];
  /** The first place that writes {jurisdiction}, which site.yaml must then give. */
  jurisdiction?: string;
  /** The place each ref with a role is in (a block type or a page kind), for its message, by the ref's index. */
  places?: Record<number, string>;
  /** Its provider-downloads buttons (button-checks.ts), judged against the providers' links. */
  downloads?: DownloadButton[];
  /** The measure each of its pick sets names, by the pointer of its `by:` (claim-checks.ts judges them). */
  measures?: { pointer: string; by: string }[];
  /** A pair's sentences that claim a criterion for one side, judged against the scores (claim-checks.ts). */
  claims?: { pointer: string; text: string }[];
  /** The values the file's schema errors are about (schema-check.ts), left out of everything above. */
  spoiled?: string[];
}

/** A problem at the position of the value (or key) a pointer names. */
export function reporter(problems: Problem[]) {
  return (s: SourceFile, pointer: string, severity: Severity, message: string, where: 'value' | 'key' = 'value') => {
    const pos = locate(s, pointer, where);
    problems.push({ file: s.file, line: pos.line, column: pos.column, pointer, severity, message });
  };
}

/** The pointers of a file's refs, links, figure references and named strings, in the same order. */
export interface FactPointers {
  refs: string[];
  links: string[];
  figures: string[];
  named: string[];
}

/** Keys whose strings are not text a visitor reads: names, ids, dates and URLs never hold a figure. */
export const NOT_TEXT = new Set([
  'slug',
  'provider',
  'plan',
  'link',
  'icon',
  'logo',
  'variant',
  'type',
  'href',
  'updated',
  'startsOn',
  'endsOn',
  'checked',
  'affiliate',
  'subid',
  'fallback',
  'deepLink',
  'tone',
]);

/** The parts of a provider file that are text about it; the rest is its record, where figures belong. */
export const PROVIDER_TEXT = new Set(['description', 'bestFor', 'review']);

/** Whether a pointer is at or below one of the spoiled ones ('' spoils the whole file). */
export const spoiler = (spoiled: string[]) => (pointer: string) =>
  spoiled.some((s) => s === '' || pointer === s || pointer.startsWith(`${s}/`));
