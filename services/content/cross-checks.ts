/**
 * Rules that span files: slugs, provider references, internal links, outbound links, freshness; over the facts each
 * file's own rules (file-rules.ts) hand on.
 */
import { foldProblems, suggestion, type Problem } from './problem.ts';
import { normalizePath, routesByPath, type RouteContent, type RouteEntry } from './routes.ts';
import { DEFAULT_MAX_AGE_DAYS, figureRules } from './figure-checks.ts';
import { LINK_NAMES } from './schemas/common.ts';
import { editorialRules, type EditorialContent } from './editorial-checks.ts';
import { evidenceRules, type EvidenceContent } from './evidence-checks.ts';
import { PLACE_NAMES, reporter, type FactPointers } from './file-facts.ts';
import { fileRules } from './file-rules.ts';
import { dataOf, type SourceFile } from './source.ts';
import { downloadProblems } from './button-checks.ts';
import { rankCompare, byRating } from './ranking.ts';
import { draftText, type ProviderStub } from './provider-stub.ts';
import { claimChecks, type ClaimContent } from './claim-checks.ts';
import { textReporter } from './figure-checks.ts';
import type { CheckedFile } from './checked-file.ts';

export type { ProviderStub };

/**
 * Every list of providers in a file is in rating order, ties by name: the first provider out of place is an error at
 * its reference, naming the order. A provider that does not exist, whose rating has a mistake, or that the place may
 * not name, is left out: that is its own error.
 */
function rankedLists(
  file: CheckedFile,
  providers: ReadonlyMap<string, ProviderStub>,
  report: (ref: number, message: string) => void,
): void {
  const judged = (p: ProviderStub) => p.draft !== true || file.facts.stub.draft === true;
  const lists = new Map<string, number[]>();
  file.facts.refLists.forEach((list, k) => {
    if (list !== null) lists.set(list, [...(lists.get(list) ?? []), k]);
  });
  for (const refs of lists.values()) {
    const items = refs
      .map((k) => ({ k, p: providers.get(file.facts.refs[k]![0]), role: file.facts.refs[k]![2] }))
      .filter((x): x is { k: number; p: ProviderStub & { rating: number }; role: typeof x.role } => typeof x.p?.rating === 'number')
      // A provider this place may not name at all (shut down, or picked without a review) has that one error instead.
      .filter((x) => judged(x.p) && (!x.role || (x.p.status !== 'discontinued' && (x.role !== 'pick' || !!x.p.review))));
    const wrong = items.findIndex((x, i) => i > 0 && rankCompare(items[i - 1]!.p, x.p) > 0);
    if (wrong === -1) continue;
    const { k, p } = items[wrong]!;
    const before = items[wrong - 1]!.p;
    const order = byRating(items.map((x) => x.p))
      .map((x) => x.slug)
      .join(', ');
    report(
      k,
      `${p.name} (${p.rating}) is listed after ${before.name} (${before.rating}): every list of providers is in rating order, ties by name, so that no commission can move one up; list them as ${order}`,
    );
  }
}

export interface CrossCheckOptions {
  /** Today's date, YYYY-MM-DD (UTC), for offer end dates and how old a checked price is. */
  today: string;
  /** The pages not on the site (drafts, or outside their publishing times), with why: a link to one is an error. */
  offSite?: ReadonlyMap<string, string>;
  /**
   * The providers that are drafts, which the content's own list leaves out: live content may not name them, while a
   * draft may (an article written for a provider not yet published).
   */
  drafts?: ReadonlyMap<string, ProviderStub>;
}

/** What the cross-file rules read of each provider (its routeStub). */
/** How a discontinued provider is named in a message: its name and the day it shut down. */
const shutDown = (p: ProviderStub) => `${p.name} shut down${p.discontinued ? ` on ${p.discontinued.on}` : ''}`;

/**
 * Every problem that spans files (slugs, routes, the featured provider, provider and plan references, figure
 * references, internal links) or depends on the day (ended offers, old prices), each at the position of the value it
 * is about. Problems with one cause (a provider, a plan or a page that does not exist) are folded into the first.
 */
export function crossCheck(
  files: CheckedFile[],
  content: RouteContent & { site: { prices?: { maxAgeDays?: number }; jurisdiction?: string }; providers: { slug: string }[] },
  routes: RouteEntry[],
  opts: CrossCheckOptions,
): Problem[] {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const causes = new Map<string, { problems: Problem[]; more: (n: number) => string }>();
  const references = (n: number) => `${n} more ${n === 1 ? 'reference' : 'references'} to it`;
  /** The problems that share `cause`, folded into the first of them at the end. */
  const sharing = (cause: string, more: (n: number) => string = references) => {
    let c = causes.get(cause);
    if (!c) causes.set(cause, (c = { problems: [], more }));
    return c.problems;
  };
  /** A problem that others may share a cause with, by `cause`. */
  const because = (cause: string, more: (n: number) => string) => reporter(sharing(cause, more));

  const drafts = opts.drafts ?? new Map<string, ProviderStub>();
  const providers = new Map([...content.providers.map((p) => [p.slug, p as ProviderStub] as const), ...drafts]);
  const figures = figureRules(
    problems,
    providers,
    {
      today: opts.today,
      maxAgeDays: content.site.prices?.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS,
      testLine: (content.methodology as { testLine?: unknown } | undefined)?.testLine !== undefined,
      retest: (content.methodology as { retestEveryDays?: unknown } | undefined)?.retestEveryDays !== undefined,
    },
    sharing,
  );
  // Maps, not finds: every file and every link looks a route up, so a linear search made validation quadratic.
  const byPath = routesByPath(routes);
  const bySource = new Map<string, RouteEntry>();
  for (const r of routes) if (!bySource.has(r.source)) bySource.set(r.source, r);
  // A file whose slug is not its file name is known by both: a reference to either is not another mistake.
  for (const { source: s, facts } of files) {
    if (facts.aka === undefined) continue;
    const route = bySource.get(s.rel.replace(/\.yml$/, '.yaml'));
    if (route && !byPath.has(route.path.replace(/[^/]+$/, facts.aka))) byPath.set(route.path.replace(/[^/]+$/, facts.aka), route);
    const provider = s.kind === 'provider' ? providers.get(facts.stub.slug as string) : undefined;
    if (provider && !providers.has(facts.aka)) providers.set(facts.aka, provider);
  }
  let allPaths: string[] | undefined;
  // A site.yaml with a mistake of its own may have lost its jurisdiction to it: that mistake is the one to report.
  const siteSpoiled = files.some((f) => f.source.kind === 'site' && f.facts.spoiled !== undefined);

  // A file's refs' and links' pointers, found again (by parsing the file once more) only when one has a problem.
  const found = new Map<CheckedFile, FactPointers>();
  const pointerOf = (f: CheckedFile, list: keyof FactPointers, k: number): string => {
    let p = found.get(f);
    if (!p) {
      p = { refs: [], links: [], figures: [], named: [] };
      const { source } = f;
      fileRules({ ...source, kind: source.kind!, data: source.data ?? dataOf(source.positions()).data }, p, f.facts.spoiled);
      found.set(f, p);
    }
    return p[list][k]!;
  };

  const seenSlugs = new Map<string, SourceFile>();
  const seenPaths = new Map<string, SourceFile>();
  for (const file of files) {
    const { source: s, facts } = file;
    // A draft may name other drafts: it is judged again, as live content, once its own flag is gone.
    const inDraft = facts.stub.draft === true;
    // A second file with a slug is mostly a copy of the first: that is its one mistake, whatever else it repeats.
    let copy = false;
    if (facts.slug !== undefined) {
      const key = `${s.kind}:${facts.slug}`;
      copy = seenSlugs.has(key);
      if (copy) at(s, '/slug', 'error', `duplicate slug '${facts.slug}' (also in ${seenSlugs.get(key)!.file})`);
      else seenSlugs.set(key, s);
      const route = bySource.get(s.rel);
      if (route) {
        const other = seenPaths.get(route.path);
        if (other) at(s, '/slug', 'error', `route ${route.path} is also made by ${other.file}`);
        else seenPaths.set(route.path, s);
      }
    }
    facts.refs.forEach(([provider, plan, role], k) => {
      const p = providers.get(provider);
      if (!p)
        because(`provider:${provider}`, references)(
          s,
          pointerOf(file, 'refs', k),
          'error',
          `unknown provider '${provider}'${suggestion(provider, providers.keys())}`,
        );
      else if (p.draft && !inDraft) {
        because(`draft:${p.slug}`, references)(
          s,
          pointerOf(file, 'refs', k),
          'error',
          `${draftText(p)}: publish it first (remove draft: true once it is filled in) or name another provider`,
        );
        return;
      } else if (plan !== null && p.plans && !Object.hasOwn(p.plans, plan)) {
        const ids = Object.keys(p.plans);
        because(`plan:${p.slug}:${plan}`, references)(
          s,
          pointerOf(file, 'refs', k).replace(/provider$/, 'plan'),
          'error',
          `'${plan}' is not one of ${p.name}'s plans (${ids.join(', ')})${suggestion(plan, ids)}`,
        );
      }
      if (!p || !role) return;
      const place = PLACE_NAMES[facts.places?.[k] ?? ''] ?? 'this place';
      // A visitor is sent only where the site can vouch for the provider: a review it can read, a service that still
      // runs. A provider marked discontinued (or left without a review) while pages still pick it is one mistake.
      if (p.status === 'discontinued')
        because(`discontinued:${p.slug}`, references)(
          s,
          pointerOf(file, 'refs', k),
          'error',
          `${shutDown(p)}: ${place} may not offer it or its buttons (its review stays, with a notice); name a provider still in business`,
        );
      else if (role === 'pick' && !p.review)
        because(`unreviewed:${p.slug}`, references)(
          s,
          pointerOf(file, 'refs', k),
          'error',
          `${p.name} has no review: ${place} may name only a reviewed provider (a mention in running text is fine); give it a review or pick another`,
        );
    });
    if (facts.jurisdiction !== undefined && !content.site.jurisdiction && !siteSpoiled) {
      at(
        s,
        facts.jurisdiction,
        'error',
        `{jurisdiction} needs site.yaml \`legal: { jurisdiction: … }\`, the governing law the terms state`,
      );
    }
    rankedLists(file, providers, (k, message) => at(s, pointerOf(file, 'refs', k), 'error', message));
    figures.check(file, pointerOf, inDraft);
    facts.links.forEach((href, k) => {
      const go = /^\/go\/([^/?#]+)(?:\/([^/?#]+))?/.exec(href);
      if (go) {
        if (!providers.has(go[1]!))
          because(`provider:${go[1]}`, references)(
            s,
            pointerOf(file, 'links', k),
            'error',
            `link to unknown provider '${go[1]}'${suggestion(go[1]!, providers.keys())}`,
          );
        else if (providers.get(go[1]!)!.draft) {
          if (!inDraft)
            because(`draft:${go[1]}`, references)(
              s,
              pointerOf(file, 'links', k),
              'error',
              `${draftText(providers.get(go[1]!)!)}: /go/${go[1]} is not found until it is published; publish it first or link elsewhere`,
            );
        } else if (providers.get(go[1]!)!.status === 'discontinued')
          because(`discontinued:${go[1]}`, references)(
            s,
            pointerOf(file, 'links', k),
            'error',
            `${shutDown(providers.get(go[1]!)!)}: a button to /go/${go[1]} would only lead to its review; link to /vpn-reviews/${go[1]} or to a provider still in business`,
          );
        else if (
          go[2] !== undefined &&
          !(LINK_NAMES as readonly string[]).includes(go[2]) &&
          !providers.get(go[1]!)!.linkNames?.includes(go[2])
        ) {
          const known = [...LINK_NAMES, ...(providers.get(go[1]!)!.linkNames ?? [])];
          at(
            s,
            pointerOf(file, 'links', k),
            'error',
            `/go/${go[1]}/${go[2]}: '${go[2]}' is not a link name (${known.join(', ')})${suggestion(go[2], known)}`,
          );
        }
      } else if (opts.offSite?.has(normalizePath(href))) {
        if (!inDraft)
          because(`path:${normalizePath(href)}`, references)(
            s,
            pointerOf(file, 'links', k),
            'error',
            `internal link ${href} leads to a page that is not on the site: ${opts.offSite.get(normalizePath(href))}`,
          );
      } else if (!byPath.has(normalizePath(href)) || href.startsWith('/404')) {
        allPaths ??= routes.map((r) => r.path);
        because(`path:${normalizePath(href)}`, references)(
          s,
          pointerOf(file, 'links', k),
          'error',
          `internal link ${href} does not resolve to a page${suggestion(href, allPaths)}`,
        );
      }
    });
    for (const b of facts.downloads ?? []) for (const message of downloadProblems(b, providers)) at(s, b.pointer, 'error', message);
    for (const { pointer, endsOn, schedule } of facts.ends) {
      if (endsOn >= opts.today) continue;
      if (schedule) at(s, pointer, 'warning', `this routing rule's schedule ended on ${endsOn}; it no longer matches any click`);
      else if (pointer.startsWith('/flashSale/'))
        at(s, pointer, 'warning', `the sale ended on ${endsOn}; its banner and its "Limited Time Offers" badge have left the page`);
      else
        at(
          s,
          pointer,
          'warning',
          `offer ended on ${endsOn}; its card has left the page, and the next provider by the page's measure has its place`,
        );
    }
  }
  // Drafts too: a draft provider's scores and author are checked while it is written, not first when it is published.
  editorialRules(files, { ...content, providers: [...content.providers, ...drafts.values()] } as unknown as EditorialContent, at, (cause) =>
    because(cause, references),
  );
  evidenceRules(
    files,
    { ...content, providers: [...content.providers, ...drafts.values()] } as unknown as EvidenceContent,
    at,
    opts.today,
    (cause) => because(cause, references),
  );
  claimChecks(files, content as unknown as ClaimContent, at, textReporter(problems));
  for (const c of causes.values()) problems.push(foldProblems(c.problems, c.more));
  return problems;
}
