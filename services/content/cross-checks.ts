/** Rules that span files: slugs, provider references, internal links, outbound links, freshness, placeholders. */
import { KINDS, type Kind } from './schemas/index.ts';
import { foldProblems, suggestion, type Problem, type Severity } from './problem.ts';
import { normalizePath, partialRouteStub, RESERVED_SLUG, routesByPath, routeStub, type RouteContent, type RouteEntry } from './routes.ts';
import { locate, parseData, type SourceFile } from './source.ts';

/** Keys whose value is an outbound link: an absolute http(s) URL or a '#' placeholder (spec §3, §4). */
export const OUTBOUND_KEYS = new Set(['affiliate', 'downloadLink', 'iosLink', 'androidLink', 'configLink']);

/** Text an editor left to fill in: "[Jurisdiction]", TODO, TBD, lorem ipsum. */
const PLACEHOLDER_TEXT = /\[[A-Z][A-Za-z ]{2,}\]|\bTODO\b|\bTBD\b|\blorem ipsum\b/i;

type Visit = (key: string, value: string, parent: Record<string, unknown>, pointer: () => string) => void;

/**
 * Visits every string below root (property values and list items), depth first. `pointer()` gives the JSON
 * pointer of the one being visited; it is built only when asked for, since building one for every value was most
 * of this walk's time at 10,000 files. It runs over every file's data, so it allocates no entries arrays. With
 * `skip`, the values (and everything below them) whose pointer it refuses are not visited; that builds every
 * pointer, so it is only for the few files with errors.
 */
function walkStrings(root: unknown, visit: Visit, skip?: (pointer: string) => boolean): void {
  const path: string[] = [];
  const pointer = () => path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const step = (key: string, v: unknown, parent: Record<string, unknown>) => {
    const text = typeof v === 'string';
    if (!text && !(v && typeof v === 'object')) return;
    path.push(key);
    if (!skip?.(pointer())) {
      if (text) visit(key, v, parent, pointer);
      else go(v);
    }
    path.pop();
  };
  const go = (value: unknown) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) step(String(i), value[i], value as unknown as Record<string, unknown>);
    } else {
      const obj = value as Record<string, unknown>;
      for (const k in obj) step(k, obj[k], obj);
    }
  };
  if (root && typeof root === 'object') go(root);
}

/** A `provider:` reference in a file other than a provider's, and the rating beside it (null when there is none). */
type ProviderRef = [provider: string, rating: number | null];

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
   * Provider references and site-internal hrefs ('/…'), in the order of the file. Their pointers are not kept (they
   * were half of what a validation thread handed back): for a problem, crossCheck finds them again.
   */
  refs: ProviderRef[];
  links: string[];
  /** Offer end dates; whether one has passed depends on the day of the run, so it is decided with the others. */
  ends: { pointer: string; endsOn: string }[];
  /** The values the file's schema errors are about (schema-check.ts), left out of everything above. */
  spoiled?: string[];
}

/** A problem at the position of the value (or key) a pointer names. */
function reporter(problems: Problem[]) {
  return (s: SourceFile, pointer: string, severity: Severity, message: string, where: 'value' | 'key' = 'value') => {
    const pos = locate(s, pointer, where);
    problems.push({ file: s.file, line: pos.line, column: pos.column, pointer, severity, message });
  };
}

/** The pointers of a file's refs and links, in the same order. */
interface FactPointers { refs: string[]; links: string[] }

/** Whether a pointer is at or below one of the spoiled ones ('' spoils the whole file). */
const spoiler = (spoiled: string[]) => (pointer: string) => spoiled.some((s) => s === '' || pointer === s || pointer.startsWith(`${s}/`));

/**
 * The rules one file can be judged by alone (its slug against its file name, outbound links, placeholders), and the
 * facts the rules that span files need of it; with `pointers`, also the pointers of its refs and links. With
 * `spoiled` (a file with schema errors), the values those errors are about are left out of both.
 */
export function fileRules(s: SourceFile & { kind: Kind }, pointers?: FactPointers, spoiled?: string[]): { problems: Problem[]; facts: FileFacts } {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const skip = spoiled && spoiler(spoiled);
  const data = (skip?.('') || !s.data || typeof s.data !== 'object' ? {} : s.data) as Record<string, unknown>;
  const usable = (pointer: string) => !skip?.(pointer);
  const facts: FileFacts = {
    stub: skip ? partialRouteStub(s.kind, data, usable) : routeStub(s.kind, data),
    featured: s.kind === 'provider' && data.featured === true && usable('/featured'),
    refs: [], links: [], ends: [],
  };
  if (spoiled) facts.spoiled = spoiled;
  if (SLUGGED.has(s.kind)) {
    // A file is known by its file name, whatever its slug says: the name is what a mistake in the slug leaves.
    const named = s.rel.split('/').pop()!.replace(/\.ya?ml$/, '');
    facts.stub.slug = named;
    const slug = typeof data.slug === 'string' && usable('/slug') ? data.slug : undefined;
    if (slug === named) facts.slug = slug;
    else if (slug !== undefined) {
      facts.aka = slug;
      at(s, '/slug', 'error', `slug '${slug}' must equal the file name '${named}'`);
    }
    if (slug === RESERVED_SLUG) at(s, '/slug', 'error', `slug '${RESERVED_SLUG}' is reserved for the not-found page`);
  }
  walkStrings(data, (key, value, parent, pointer) => {
    if (key === 'provider' && s.kind !== 'provider') {
      const rating = typeof parent.rating === 'number' && (!skip || usable(pointer().replace(/provider$/, 'rating'))) ? parent.rating : null;
      facts.refs.push([value, rating]);
      pointers?.refs.push(pointer());
    }
    if (key === 'href' && value.startsWith('/')) {
      facts.links.push(value);
      pointers?.links.push(pointer());
    }
    if (OUTBOUND_KEYS.has(key)) {
      if (value.startsWith('#')) at(s, pointer(), 'warning', `placeholder link '${value}': its button does nothing until a real URL is set`);
      else if (!isHttpUrl(value)) at(s, pointer(), 'error', `outbound link must be an absolute http(s) URL or a placeholder starting with '#' (found "${value}")`);
    }
    if (key === 'endsOn') {
      const end = { pointer: pointer(), endsOn: value };
      facts.ends.push(end);
      // Located now, while the text is at hand, so that deciding it later never reads the file again.
      locate(s, end.pointer);
    }
    const m = PLACEHOLDER_TEXT.exec(value);
    if (m) at(s, pointer(), 'warning', `placeholder text '${m[0]}' is still in the content`);
  }, skip);
  return { problems, facts };
}

/** The kinds whose files are named by their slug. */
const SLUGGED = new Set((Object.keys(KINDS) as Kind[]).filter((k) => (KINDS[k].schema as { properties?: Record<string, unknown> }).properties?.slug));

export interface CrossCheckOptions {
  /** Today's date, YYYY-MM-DD (UTC), for offer end dates. */
  today: string;
}

/** A file and its facts (fileRules). */
export interface CheckedFile { source: SourceFile; facts: FileFacts }

type KnownProvider = { slug: string; name?: unknown; rating?: unknown };

/**
 * Every problem that spans files (slugs, routes, the featured provider, provider references, internal links) or
 * depends on the day (ended offers), each at the position of the value it is about. Problems with one cause (a
 * provider or a page that does not exist, a rating that differs from the provider's) are folded into the first.
 */
export function crossCheck(files: CheckedFile[], content: RouteContent & { providers: KnownProvider[] }, routes: RouteEntry[], opts: CrossCheckOptions): Problem[] {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const causes = new Map<string, { problems: Problem[]; more: (n: number) => string }>();
  /** A problem that others may share a cause with, by `cause`. */
  const because = (cause: string, more: (n: number) => string) => {
    let c = causes.get(cause);
    if (!c) causes.set(cause, (c = { problems: [], more }));
    return reporter(c.problems);
  };
  const references = (n: number) => `${n} more ${n === 1 ? 'reference' : 'references'} to it`;

  const providers = new Map<string, KnownProvider>(content.providers.map((p) => [p.slug, p]));
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

  // A file's refs' and links' pointers, found again (by parsing the file once more) only when one has a problem.
  const found = new Map<CheckedFile, FactPointers>();
  const pointerOf = (f: CheckedFile, list: keyof FactPointers, k: number): string => {
    let p = found.get(f);
    if (!p) {
      p = { refs: [], links: [] };
      const { source } = f;
      fileRules({ ...source, kind: source.kind!, data: source.data ?? parseData(source.text()) }, p, f.facts.spoiled);
      found.set(f, p);
    }
    return p[list][k]!;
  };

  const seenSlugs = new Map<string, SourceFile>();
  const seenPaths = new Map<string, SourceFile>();
  let featured: SourceFile | undefined;
  for (const file of files) {
    const { source: s, facts } = file;
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
    if (facts.featured && !copy) {
      if (featured) at(s, '/featured', 'error', `only one provider may be featured (${featured.file} already is)`);
      featured = s;
    }
    facts.refs.forEach(([slug, rating], k) => {
      const p = providers.get(slug);
      if (!p) {
        because(`provider:${slug}`, references)(s, pointerOf(file, 'refs', k), 'error', `unknown provider '${slug}'${suggestion(slug, providers.keys())}`);
      } else if (rating !== null && typeof p.rating === 'number' && rating !== p.rating) {
        const name = typeof p.name === 'string' && p.name ? p.name : p.slug;
        because(`rating:${p.slug}:${rating}`, (n) => `${n} more ${n === 1 ? 'place gives' : 'places give'} it ${rating}`)(
          s, pointerOf(file, 'refs', k).replace(/provider$/, 'rating'), 'error',
          `rating ${rating} differs from ${name}'s rating ${p.rating} in providers/${p.slug}.yaml; a provider has one rating across the site`,
        );
      }
    });
    facts.links.forEach((href, k) => {
      const go = /^\/go\/([^/?#]+)/.exec(href);
      if (go) {
        if (!providers.has(go[1]!)) because(`provider:${go[1]}`, references)(s, pointerOf(file, 'links', k), 'error', `link to unknown provider '${go[1]}'${suggestion(go[1]!, providers.keys())}`);
      } else if (!byPath.has(normalizePath(href)) || href.startsWith('/404')) {
        allPaths ??= routes.map((r) => r.path);
        because(`path:${normalizePath(href)}`, references)(s, pointerOf(file, 'links', k), 'error', `internal link ${href} does not resolve to a page${suggestion(href, allPaths)}`);
      }
    });
    for (const { pointer, endsOn } of facts.ends) {
      if (endsOn < opts.today) at(s, pointer, 'warning', `offer ended on ${endsOn}; the page shows it as ended`);
    }
  }
  for (const c of causes.values()) problems.push(foldProblems(c.problems, c.more));
  return problems;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}
