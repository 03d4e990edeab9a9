/**
 * A file's own rules, which need no other file (placeholders, literal figures, provider plans and links), and the
 * facts the cross-file rules (cross-checks.ts) need of it.
 */
import type { Kind } from './schemas/index.ts';
import type { Problem } from './problem.ts';
import { partialRouteStub, routeStub } from './route-stubs.ts';
import { RESERVED_SLUG } from './routes.ts';
import { ordinal, textReporter } from './figure-checks.ts';
import { hostOf, isHttpUrl, lifecycleRules, priceHistoryRules, providerRules, routingRules } from './provider-checks.ts';
import { literalFigures, literalMessage, referencesWithOrdinal, REVIEW_COUNT_LABEL } from './figure-rules.ts';
import { locate, type SourceFile } from './source.ts';
import { downloadButtons, promisedLink } from './button-checks.ts';
import { titleYearRule } from './title-years.ts';
import { runRules } from './run-checks.ts';
import { claimRules } from './claim-rules.ts';

import {
  SLUGGED,
  PLACEHOLDER_TEXT,
  walkStrings,
  refRole,
  type FileFacts,
  reporter,
  type FactPointers,
  NOT_TEXT,
  PROVIDER_TEXT,
  spoiler,
} from './file-facts.ts';

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
  if (isProvider && data.plans && typeof data.plans === 'object' && usable('/plans')) {
    providerRules(s, data, at, facts, usable);
    priceHistoryRules(s, data, at, facts, usable);
  }
  if (isProvider && data.links && typeof data.links === 'object' && usable('/links')) routingRules(s, data, at, facts, usable);
  if (isProvider) lifecycleRules(s, data, at, usable);
  if (!isProvider) {
    const downloads = downloadButtons(data).filter((b) => usable(b.pointer) && promisedLink(b.label) !== undefined);
    for (const b of downloads) locate(s, b.pointer);
    if (downloads.length) facts.downloads = downloads;
  }
  // A run file is measurements, not text: none of the text rules below read it.
  if (s.kind === 'test-run') {
    runRules(s, data, at, usable);
    return { problems, facts };
  }
  claimRules(s, data, facts, at, atText, usable);
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
      for (const [i, l] of always.entries())
        if (l.kind !== 'measurement' || !sourced(data, pointer()))
          atText(s, pointer(), l.text, ordinal(always, i), 'error', literalMessage(l, about));
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

/** Whether a text is inside an object that names its source (`source:`, which the page shows beside it). */
function sourced(data: unknown, pointer: string): boolean {
  const keys = pointer.split('/');
  for (let n = keys.length - 1; n >= 1; n--) {
    const v = valueAtPath(data, keys.slice(0, n).join('/'));
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { source?: unknown }).source === 'string') return true;
  }
  return false;
}

/** The value at a JSON pointer of `data`. */
function valueAtPath(data: unknown, pointer: string): unknown {
  let cur = data;
  for (const key of pointer.split('/').slice(1))
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return cur;
}
