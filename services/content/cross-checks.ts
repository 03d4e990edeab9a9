/** Rules that span files: slugs, provider references, internal links, outbound links, freshness, placeholders. */
import type { Content } from './model.ts';
import { suggestion, type Problem, type Severity } from './problem.ts';
import { normalizePath, RESERVED_SLUG, routesByPath, type RouteEntry } from './routes.ts';
import { locate, type SourceFile } from './source.ts';

/** Keys whose value is an outbound link: an absolute http(s) URL or a '#' placeholder (spec §3, §4). */
export const OUTBOUND_KEYS = new Set(['affiliate', 'downloadLink', 'iosLink', 'androidLink', 'configLink']);

/** Text an editor left to fill in: "[Jurisdiction]", TODO, TBD, lorem ipsum. */
const PLACEHOLDER_TEXT = /\[[A-Z][A-Za-z ]{2,}\]|\bTODO\b|\bTBD\b|\blorem ipsum\b/i;

type Visit = (key: string, value: unknown, parent: Record<string, unknown>, pointer: () => string) => void;

/**
 * Visits every property and list item below root, depth first. `pointer()` gives the JSON pointer of the one being
 * visited; it is built only when asked for (when there is a problem to report), since building one for every value
 * was most of this walk's time at 10,000 files.
 */
function walk(root: unknown, visit: Visit): void {
  const path: string[] = [];
  const pointer = () => path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const go = (value: unknown) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        visit(path[path.length - 1]!, value[i], value as unknown as Record<string, unknown>, pointer);
        go(value[i]);
        path.pop();
      }
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        path.push(k);
        visit(k, v, value as Record<string, unknown>, pointer);
        go(v);
        path.pop();
      }
    }
  };
  go(root);
}

export interface CrossCheckOptions {
  /** Today's date, YYYY-MM-DD (UTC), for offer end dates. */
  today: string;
}

/** Every cross-file problem, each at the position of the value it is about. */
export function crossCheck(sources: SourceFile[], content: Content, routes: RouteEntry[], opts: CrossCheckOptions): Problem[] {
  const problems: Problem[] = [];
  const at = (s: SourceFile, pointer: string, severity: Severity, message: string, where: 'value' | 'key' = 'value') => {
    const pos = locate(s, pointer, where);
    problems.push({ file: s.file, line: pos.line, column: pos.column, pointer, severity, message });
  };
  const providers = new Map(content.providers.map((p) => [p.slug, p]));
  // Maps, not finds: every file and every link looks a route up, so a linear search made validation quadratic.
  const byPath = routesByPath(routes);
  const bySource = new Map<string, RouteEntry>();
  for (const r of routes) if (!bySource.has(r.source)) bySource.set(r.source, r);
  let allPaths: string[] | undefined;

  const seenSlugs = new Map<string, SourceFile>();
  const seenPaths = new Map<string, SourceFile>();
  let featured: SourceFile | undefined;
  for (const s of sources) {
    const data = s.data as Record<string, unknown> | undefined;
    if (!data || !s.kind) continue;
    if (typeof data.slug === 'string') {
      const expected = s.rel.split('/').pop()!.replace(/\.ya?ml$/, '');
      if (data.slug !== expected) at(s, '/slug', 'error', `slug '${data.slug}' must equal the file name '${expected}'`);
      const key = `${s.kind}:${data.slug}`;
      if (seenSlugs.has(key)) at(s, '/slug', 'error', `duplicate slug '${data.slug}' (also in ${seenSlugs.get(key)!.file})`);
      else seenSlugs.set(key, s);
      if (data.slug === RESERVED_SLUG) at(s, '/slug', 'error', `slug '${RESERVED_SLUG}' is reserved for the not-found page`);
      const route = bySource.get(s.rel);
      if (route) {
        const other = seenPaths.get(route.path);
        if (other) at(s, '/slug', 'error', `route ${route.path} is also made by ${other.file}`);
        else seenPaths.set(route.path, s);
      }
    }
    if (s.kind === 'provider' && data.featured === true) {
      if (featured) at(s, '/featured', 'error', `only one provider may be featured (${featured.file} already is)`);
      featured = s;
    }

    walk(data, (key, value, parent, pointer) => {
      if (key === 'provider' && typeof value === 'string' && s.kind !== 'provider') {
        const p = providers.get(value);
        if (!p) at(s, pointer(), 'error', `unknown provider '${value}'${suggestion(value, providers.keys())}`);
        else if (typeof parent.rating === 'number' && parent.rating !== p.rating) {
          at(s, pointer().replace(/provider$/, 'rating'), 'error', `rating ${parent.rating} differs from ${p.name}'s rating ${p.rating} in providers/${p.slug}.yaml; a provider has one rating across the site`);
        }
      }
      if (key === 'href' && typeof value === 'string' && value.startsWith('/')) {
        const go = /^\/go\/([^/?#]+)/.exec(value);
        if (go) {
          if (!providers.has(go[1]!)) at(s, pointer(), 'error', `link to unknown provider '${go[1]}'${suggestion(go[1]!, providers.keys())}`);
        } else if (!byPath.has(normalizePath(value)) || value.startsWith('/404')) {
          allPaths ??= routes.map((r) => r.path);
          at(s, pointer(), 'error', `internal link ${value} does not resolve to a page${suggestion(value, allPaths)}`);
        }
      }
      if (OUTBOUND_KEYS.has(key) && typeof value === 'string') {
        if (value.startsWith('#')) at(s, pointer(), 'warning', `placeholder link '${value}': its button does nothing until a real URL is set`);
        else if (!isHttpUrl(value)) at(s, pointer(), 'error', `outbound link must be an absolute http(s) URL or a placeholder starting with '#' (found "${value}")`);
      }
      if (key === 'endsOn' && typeof value === 'string' && value < opts.today) {
        at(s, pointer(), 'warning', `offer ended on ${value}; the page shows it as ended`);
      }
      if (typeof value === 'string') {
        const m = PLACEHOLDER_TEXT.exec(value);
        if (m) at(s, pointer(), 'warning', `placeholder text '${m[0]}' is still in the content`);
      }
    });
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
