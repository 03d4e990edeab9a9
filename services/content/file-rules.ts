/**
 * A file's own rules, which need no other file (placeholders, literal figures, provider plans and links), and the
 * facts the cross-file rules (cross-checks.ts) need of it.
 */
import { KINDS, type Kind } from './schemas/index.ts';
import type { Problem, Severity } from './problem.ts';
import { partialRouteStub, routeStub } from './route-stubs.ts';
import { RESERVED_SLUG } from './routes.ts';
import { ordinal, textReporter } from './figure-checks.ts';
import { hostOf, isHttpUrl, lifecycleRules, providerRules, routingRules } from './provider-checks.ts';
import { literalFigures, literalMessage, referencesWithOrdinal, REVIEW_COUNT_LABEL } from './figure-rules.ts';
import { locate, type SourceFile } from './source.ts';
import { downloadButtons, promisedLink, type DownloadButton } from './button-checks.ts';
import { titleYearRule } from './title-years.ts';

/** The kinds whose files carry a slug. */
export const SLUGGED = new Set(
  (Object.keys(KINDS) as Kind[]).filter((k) => (KINDS[k].schema as { properties?: Record<string, unknown> }).properties?.slug),
);

/** Text an editor left to fill in: "[Jurisdiction]", TODO, TBD, lorem ipsum. */
const PLACEHOLDER_TEXT = /\[[A-Z][A-Za-z ]{2,}\]|\bTODO\b|\bTBD\b|\blorem ipsum\b/i;

type Visit = (
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
function walkStrings(root: unknown, rootAbout: string | undefined, visit: Visit, skip?: (pointer: string) => boolean): void {
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
type ProviderRef = [provider: string, plan: string | null, role?: RefRole];

/**
 * What a place that names a provider does with it: 'pick' recommends it (a ranking, a pick box, a deal card, a
 * "which to choose" table), which only a reviewed, active provider may be; 'buttons' only carries its /go/ buttons
 * (a guide's download picker), which a discontinued provider may not have.
 */
export type RefRole = 'pick' | 'buttons';

/** Blocks that recommend the providers they name. */
const PICK_BLOCKS: Record<string, string> = {
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
function refRole(kind: Kind, blockType: unknown): [RefRole, string] | undefined {
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
  featured: boolean;
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
const NOT_TEXT = new Set([
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
const PROVIDER_TEXT = new Set(['description', 'bestFor', 'review']);

/** Whether a pointer is at or below one of the spoiled ones ('' spoils the whole file). */
const spoiler = (spoiled: string[]) => (pointer: string) => spoiled.some((s) => s === '' || pointer === s || pointer.startsWith(`${s}/`));

/**
 * The rules one file can be judged by alone (its slug against its file name, outbound links, placeholders, figures
 * typed into text, a provider's own plans), and the facts the rules that span files need of it; with `pointers`,
 * also the pointers of its refs, links, figure references and named strings. With `spoiled` (a file with schema
 * errors), the values those errors are about are left out of both.
 */
export function fileRules(
  s: SourceFile & { kind: Kind },
  pointers?: FactPointers,
  spoiled?: string[],
): { problems: Problem[]; facts: FileFacts } {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const atText = textReporter(problems);
  const skip = spoiled && spoiler(spoiled);
  const data = (skip?.('') || !s.data || typeof s.data !== 'object' ? {} : s.data) as Record<string, unknown>;
  const usable = (pointer: string) => !skip?.(pointer);
  const isProvider = s.kind === 'provider';
  // Only the file's own top-level flag: a deal card's draft keeps that card off, not the page around it.
  const draft = data.draft === true && usable('/draft') && (isProvider || s.kind === 'article' || s.kind === 'guide');
  const facts: FileFacts = {
    stub: skip ? partialRouteStub(s.kind, data, usable) : routeStub(s.kind, data),
    featured: isProvider && data.featured === true && usable('/featured'),
    refs: [],
    refLists: [],
    links: [],
    figures: [],
    named: [],
    ends: [],
    checked: [],
  };
  if (spoiled) facts.spoiled = spoiled;
  if (SLUGGED.has(s.kind)) {
    // A file is known by its file name, whatever its slug says: the name is what a mistake in the slug leaves.
    const named = s.rel
      .split('/')
      .pop()!
      .replace(/\.ya?ml$/, '');
    facts.stub.slug = named;
    const slug = typeof data.slug === 'string' && usable('/slug') ? data.slug : undefined;
    if (slug === named) facts.slug = slug;
    else if (slug !== undefined) {
      facts.aka = slug;
      at(s, '/slug', 'error', `slug '${slug}' must equal the file name '${named}'`);
    }
    if (slug === RESERVED_SLUG) at(s, '/slug', 'error', `slug '${RESERVED_SLUG}' is reserved for the not-found page`);
  }
  if (isProvider && data.plans && typeof data.plans === 'object' && usable('/plans')) providerRules(s, data, at, facts, usable);
  if (isProvider && data.links && typeof data.links === 'object' && usable('/links')) routingRules(s, data, at, facts, usable);
  if (isProvider) lifecycleRules(s, data, at, usable);
  if (!isProvider) {
    const downloads = downloadButtons(data).filter((b) => usable(b.pointer) && promisedLink(b.label) !== undefined);
    for (const b of downloads) locate(s, b.pointer);
    if (downloads.length) facts.downloads = downloads;
  }
  const titleYears = titleYearRule(data);
  walkStrings(
    data,
    isProvider ? (facts.stub.slug as string) : undefined,
    (key, value, parent, pointer, about, top) => {
      for (const y of titleYears(key, value, pointer())) atText(s, pointer(), y.text, y.nth, 'error', y.message);
      if (key === 'provider' && !isProvider) {
        const plan = typeof parent.plan === 'string' && (!skip || usable(pointer().replace(/provider$/, 'plan'))) ? parent.plan : null;
        const blocks = top() === 'blocks' ? (data.blocks as { type?: unknown }[]) : undefined;
        const role = refRole(s.kind, blocks?.[Number(top(1))]?.type);
        if (role) (facts.places ??= {})[facts.refs.length] = role[1];
        facts.refs.push(role ? [value, plan, role[0]] : [value, plan]);
        const list = /^(.*)\/\d+\/provider$/.exec(pointer());
        facts.refLists.push(Array.isArray(list && valueAtPath(data, list[1]!)) ? list![1]! : null);
        pointers?.refs.push(pointer());
      }
      if (facts.jurisdiction === undefined && value.includes('{jurisdiction}')) {
        facts.jurisdiction = pointer();
        locate(s, facts.jurisdiction);
      }
      if (key === 'href' && value.startsWith('/')) {
        facts.links.push(value);
        pointers?.links.push(pointer());
      }
      if (key === 'affiliate' && isProvider) {
        const website = (data.links as { website: string }).website;
        // A provider that has shut down has no buttons left for an affiliate link to serve.
        if (value.startsWith('#')) {
          if (data.status !== 'discontinued')
            at(
              s,
              pointer(),
              'warning',
              `no affiliate link yet ('${value}'): /go/${data.slug} sends visitors to ${website}, unpaid, until one is set`,
            );
        } else if (!isHttpUrl(value))
          at(s, pointer(), 'error', `affiliate must be an absolute http(s) URL or a placeholder starting with '#' (found "${value}")`);
        // Only a network's link has a sub-ID parameter to name. A direct programme's link on the provider's own site
        // (tagged with a campaign) has none we know of, and a guessed one would match nothing: it stays without.
        else if (!value.includes('{click_id}') && typeof data.subid !== 'string' && hostOf(value) !== hostOf(website))
          at(
            s,
            pointer(),
            'warning',
            `conversions from this link cannot be matched to their clicks: put {click_id} in the network's sub-ID parameter${/\/aff_c\?/.test(value) ? ' (aff_sub={click_id} for this HasOffers-style link)' : ''}`,
          );
      }
      // A named link on the affiliate network's domain is a paid link too: without the click id its sales cannot be joined.
      if (
        isProvider &&
        top() === 'links' &&
        typeof data.affiliate === 'string' &&
        isHttpUrl(data.affiliate) &&
        !value.includes('{click_id}') &&
        hostOf(value) === hostOf(data.affiliate) &&
        hostOf(data.affiliate) !== hostOf((data.links as { website?: unknown }).website)
      ) {
        at(
          s,
          pointer(),
          'warning',
          `conversions from this link cannot be matched to their clicks: it is on the affiliate network's domain, so put {click_id} in its sub-ID parameter`,
        );
      }
      if (key === 'deepLink' && isProvider && typeof data.affiliate === 'string' && !isHttpUrl(data.affiliate)) {
        at(
          s,
          pointer(),
          'warning',
          `deepLink needs an affiliate link to go through; until one is set, named links go to their pages unpaid`,
        );
      }
      if (key === 'endsOn') {
        const end = { pointer: pointer(), endsOn: value };
        facts.ends.push(end);
        // Located now, while the text is at hand, so that deciding it later never reads the file again.
        locate(s, end.pointer);
        if (typeof parent.startsOn === 'string' && parent.startsOn > value)
          at(s, end.pointer.replace(/endsOn$/, 'startsOn'), 'error', `the offer starts on ${parent.startsOn}, after it ends on ${value}`);
      }
      const m = PLACEHOLDER_TEXT.exec(value);
      // A placeholder would reach visitors as it is: it fails the build like any other mistake. A draft reaches no
      // visitor, so there it is only a reminder: a new file from `vpnsite new` is a draft full of them.
      if (m) {
        if (draft)
          at(
            s,
            pointer(),
            'warning',
            `placeholder text '${m[0]}' is still in this draft: fill it in before you publish (remove draft: true)`,
          );
        else at(s, pointer(), 'error', `placeholder text '${m[0]}' is still in the content: write the text visitors should read`);
      }
      if (NOT_TEXT.has(key)) return;
      // A stat tile's figure stands apart from its label ("100+" over "VPNs tested"): the label makes it a count.
      if (key === 'value' && typeof parent.label === 'string' && REVIEW_COUNT_LABEL.test(parent.label) && !value.includes('{{')) {
        at(
          s,
          pointer(),
          'error',
          `count "${value}" is written out beside "${parent.label}"; how many providers the site reviews comes from the content: write {{count.reviewed}}`,
        );
      }
      if (
        key === 'value' &&
        typeof parent.label === 'string' &&
        /\byears\b/i.test(parent.label) &&
        /\d/.test(value) &&
        !value.includes('{{')
      ) {
        at(
          s,
          pointer(),
          'error',
          `"${value}" ${parent.label} is written out, and would be wrong next year: write {{site.years}}, the years from site.yaml founded to the build`,
        );
      }
      if (isProvider && !PROVIDER_TEXT.has(top()!)) {
        if (value.includes('{{'))
          at(
            s,
            pointer(),
            'error',
            `figure references are filled in only in a provider's description, bestFor and review; here, write the figure itself`,
          );
        return;
      }
      const { always, ifNamed } = literalFigures(value, about !== undefined);
      // Search keywords name what people type ("surfshark unlimited devices"), not what the page shows.
      if ((always.length || ifNamed.length) && /\/keywords\/\d+$/.test(pointer())) return;
      for (const [i, l] of always.entries()) atText(s, pointer(), l.text, ordinal(always, i), 'error', literalMessage(l, about));
      if (ifNamed.length) {
        facts.named.push(value);
        pointers?.named.push(pointer());
      }
      if (value.includes('{{')) {
        for (const ref of referencesWithOrdinal(value)) {
          facts.figures.push(ref);
          pointers?.figures.push(pointer());
        }
      }
    },
    skip,
  );
  return { problems, facts };
}

/** The value at a JSON pointer of `data`. */
function valueAtPath(data: unknown, pointer: string): unknown {
  let cur = data;
  for (const key of pointer.split('/').slice(1))
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return cur;
}
