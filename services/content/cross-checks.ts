/** Rules that span files: slugs, provider references, internal links, outbound links, freshness, placeholders. */
import type { Kind } from './schemas/index.ts';
import { suggestion, type Problem, type Severity } from './problem.ts';
import { normalizePath, RESERVED_SLUG, routesByPath, routeStub, type RouteContent, type RouteEntry } from './routes.ts';
import { locate, parseData, type SourceFile } from './source.ts';

/** Keys whose value is an outbound link: an absolute http(s) URL or a '#' placeholder (spec §3, §4). */
export const OUTBOUND_KEYS = new Set(['affiliate', 'downloadLink', 'iosLink', 'androidLink', 'configLink']);

/** Text an editor left to fill in: "[Jurisdiction]", TODO, TBD, lorem ipsum. */
const PLACEHOLDER_TEXT = /\[[A-Z][A-Za-z ]{2,}\]|\bTODO\b|\bTBD\b|\blorem ipsum\b/i;

type Visit = (key: string, value: string, parent: Record<string, unknown>, pointer: () => string) => void;

/**
 * Visits every string below root (property values and list items), depth first. `pointer()` gives the JSON
 * pointer of the one being visited; it is built only when asked for, since building one for every value was most
 * of this walk's time at 10,000 files. It runs over every file's data, so it allocates no entries arrays.
 */
function walkStrings(root: unknown, visit: Visit): void {
  const path: string[] = [];
  const pointer = () => path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const go = (value: unknown) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (typeof v === 'string') {
          path.push(String(i));
          visit(path[path.length - 1]!, v, value as unknown as Record<string, unknown>, pointer);
          path.pop();
        } else if (v && typeof v === 'object') {
          path.push(String(i));
          go(v);
          path.pop();
        }
      }
    } else {
      const obj = value as Record<string, unknown>;
      for (const k in obj) {
        const v = obj[k];
        if (typeof v === 'string') {
          path.push(k);
          visit(k, v, obj, pointer);
          path.pop();
        } else if (v && typeof v === 'object') {
          path.push(k);
          go(v);
          path.pop();
        }
      }
    }
  };
  if (root && typeof root === 'object') go(root);
}

/** A `provider:` reference in a file other than a provider's, and the rating beside it (null when there is none). */
type ProviderRef = [provider: string, rating: number | null];

/**
 * What the rules that span files need to know of one schema-valid file, gathered where the file is parsed (in a
 * validation thread, say): small enough to hand back and to cache instead of the file's data.
 */
export interface FileFacts {
  /** routes.ts routeStub: what the route table reads of the file. */
  stub: Record<string, unknown>;
  slug?: string;
  featured: boolean;
  /**
   * Provider references and site-internal hrefs ('/…'), in the order of the file. Their pointers are not kept (they
   * were half of what a validation thread handed back): for a problem, crossCheck finds them again.
   */
  refs: ProviderRef[];
  links: string[];
  /** Offer end dates; whether one has passed depends on the day of the run, so it is decided with the others. */
  ends: { pointer: string; endsOn: string }[];
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

/**
 * The rules one schema-valid file can be judged by alone (its slug against its file name, outbound links,
 * placeholders), and the facts the rules that span files need of it; with `pointers`, also the pointers of its refs
 * and links.
 */
export function fileRules(s: SourceFile & { kind: Kind }, pointers?: FactPointers): { problems: Problem[]; facts: FileFacts } {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const data = s.data as Record<string, unknown>;
  const facts: FileFacts = { stub: routeStub(s.kind, data), featured: s.kind === 'provider' && data.featured === true, refs: [], links: [], ends: [] };
  if (typeof data.slug === 'string') {
    facts.slug = data.slug;
    const expected = s.rel.split('/').pop()!.replace(/\.ya?ml$/, '');
    if (data.slug !== expected) at(s, '/slug', 'error', `slug '${data.slug}' must equal the file name '${expected}'`);
    if (data.slug === RESERVED_SLUG) at(s, '/slug', 'error', `slug '${RESERVED_SLUG}' is reserved for the not-found page`);
  }
  walkStrings(data, (key, value, parent, pointer) => {
    if (key === 'provider' && s.kind !== 'provider') {
      facts.refs.push([value, typeof parent.rating === 'number' ? parent.rating : null]);
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
  });
  return { problems, facts };
}

export interface CrossCheckOptions {
  /** Today's date, YYYY-MM-DD (UTC), for offer end dates. */
  today: string;
}

/** A schema-valid file and its facts (fileRules). */
export interface CheckedFile { source: SourceFile; facts: FileFacts }

/**
 * Every problem that spans files (slugs, routes, the featured provider, provider references, internal links) or
 * depends on the day (ended offers), each at the position of the value it is about.
 */
export function crossCheck(files: CheckedFile[], content: RouteContent & { providers: { slug: string; name?: unknown; rating?: unknown }[] }, routes: RouteEntry[], opts: CrossCheckOptions): Problem[] {
  const problems: Problem[] = [];
  const at = reporter(problems);
  const providers = new Map(content.providers.map((p) => [p.slug, p as { slug: string; name: string; rating: number }]));
  // Maps, not finds: every file and every link looks a route up, so a linear search made validation quadratic.
  const byPath = routesByPath(routes);
  const bySource = new Map<string, RouteEntry>();
  for (const r of routes) if (!bySource.has(r.source)) bySource.set(r.source, r);
  let allPaths: string[] | undefined;

  // A file's refs' and links' pointers, found again (by parsing the file once more) only when one has a problem.
  const found = new Map<CheckedFile, FactPointers>();
  const pointerOf = (f: CheckedFile, list: keyof FactPointers, k: number): string => {
    let p = found.get(f);
    if (!p) {
      p = { refs: [], links: [] };
      const { source } = f;
      fileRules({ ...source, kind: source.kind!, data: source.data ?? parseData(source.text()) }, p);
      found.set(f, p);
    }
    return p[list][k]!;
  };

  const seenSlugs = new Map<string, SourceFile>();
  const seenPaths = new Map<string, SourceFile>();
  let featured: SourceFile | undefined;
  for (const file of files) {
    const { source: s, facts } = file;
    if (facts.slug !== undefined) {
      const key = `${s.kind}:${facts.slug}`;
      if (seenSlugs.has(key)) at(s, '/slug', 'error', `duplicate slug '${facts.slug}' (also in ${seenSlugs.get(key)!.file})`);
      else seenSlugs.set(key, s);
      const route = bySource.get(s.rel);
      if (route) {
        const other = seenPaths.get(route.path);
        if (other) at(s, '/slug', 'error', `route ${route.path} is also made by ${other.file}`);
        else seenPaths.set(route.path, s);
      }
    }
    if (facts.featured) {
      if (featured) at(s, '/featured', 'error', `only one provider may be featured (${featured.file} already is)`);
      featured = s;
    }
    facts.refs.forEach(([provider, rating], k) => {
      const p = providers.get(provider);
      if (!p) at(s, pointerOf(file, 'refs', k), 'error', `unknown provider '${provider}'${suggestion(provider, providers.keys())}`);
      else if (rating !== null && rating !== p.rating) {
        at(s, pointerOf(file, 'refs', k).replace(/provider$/, 'rating'), 'error', `rating ${rating} differs from ${p.name}'s rating ${p.rating} in providers/${p.slug}.yaml; a provider has one rating across the site`);
      }
    });
    facts.links.forEach((href, k) => {
      const go = /^\/go\/([^/?#]+)/.exec(href);
      if (go) {
        if (!providers.has(go[1]!)) at(s, pointerOf(file, 'links', k), 'error', `link to unknown provider '${go[1]}'${suggestion(go[1]!, providers.keys())}`);
      } else if (!byPath.has(normalizePath(href)) || href.startsWith('/404')) {
        allPaths ??= routes.map((r) => r.path);
        at(s, pointerOf(file, 'links', k), 'error', `internal link ${href} does not resolve to a page${suggestion(href, allPaths)}`);
      }
    });
    for (const { pointer, endsOn } of facts.ends) {
      if (endsOn < opts.today) at(s, pointer, 'warning', `offer ended on ${endsOn}; the page shows it as ended`);
    }
  }
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
