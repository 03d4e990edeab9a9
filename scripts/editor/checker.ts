/**
 * The editor's checks: the same validator `vpnsite validate` runs, schema and cross-file rules, over the content on
 * disk with one file replaced by the text a form would save. Each file's own checks are kept while its text stays
 * the same, so a keystroke checks one file again and then the rules across files (tens of milliseconds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkFile,
  checkKept,
  publishingNow,
  standing,
  today,
  type Content,
  type FileCheck,
  type LoadResult,
  type Problem,
} from '../../services/content/index.ts';
import { filler } from '../../services/content/resolve-figures.ts';
import { listYamlFiles, printedPath } from '../../services/content/source.ts';
import { isObject, type Json } from './yaml-render.ts';

/** A problem as the form shows it: where in the data, where in the file, and what. */
export interface FieldProblem {
  pointer: string;
  line: number;
  column: number;
  severity: Problem['severity'];
  message: string;
}

export interface Checked {
  result: LoadResult;
  /** The problems of one file, by its data-relative path. */
  problemsOf(rel: string): FieldProblem[];
}

export class Checker {
  private kept = new Map<string, { text: string; check: FileCheck }>();
  /** The last content without errors: figures resolve against it while the content has errors. */
  private lastGood: Content | undefined;

  constructor(readonly dataDir: string) {}

  /** Every content file's path and text, with `override` in place of what is on disk for its path. */
  files(override?: { rel: string; text: string }): { rel: string; text: string }[] {
    const rels = listYamlFiles(this.dataDir);
    if (override && !rels.includes(override.rel)) rels.push(override.rel);
    return rels.flatMap((rel) => {
      if (rel === override?.rel) return [override];
      try {
        return [{ rel, text: readFileSync(join(this.dataDir, rel), 'utf8') }];
      } catch {
        // Gone since the listing: the next check does not list it.
        return [];
      }
    });
  }

  /** Checks the content as it would be with `override` saved. */
  check(override?: { rel: string; text: string }): Checked {
    const checks = this.files(override).map(({ rel, text }) => {
      const hit = this.kept.get(rel);
      if (hit?.text === text) return hit.check;
      const check = checkFile(this.dataDir, rel, text);
      // Only what is on disk is kept: a form's text changes at every keystroke.
      if (rel !== override?.rel) this.kept.set(rel, { text, check });
      return check;
    });
    const result = checkKept(this.dataDir, checks, { preview: true, today: today(), now: publishingNow() });
    if (result.content) this.lastGood = result.content;
    const byFile = new Map<string, FieldProblem[]>();
    for (const p of result.problems) {
      const places = [p, ...(p.folded ?? [])];
      for (const place of places) {
        const list = byFile.get(place.file) ?? [];
        list.push({ pointer: place.pointer, line: place.line, column: place.column, severity: p.severity, message: p.message });
        byFile.set(place.file, list);
      }
    }
    return { result, problemsOf: (rel) => byFile.get(printedPath(this.dataDir, rel)) ?? [] };
  }

  /** What each `{{…}}` in the data shows as on the site, by JSON pointer. */
  figures(data: Json): Record<string, string> {
    const content = this.lastGood;
    if (!content) return {};
    const fill = filler(content, Number(today().slice(0, 4)));
    const out: Record<string, string> = {};
    const walk = (v: Json, pointer: string) => {
      if (typeof v === 'string' && v.includes('{{')) {
        try {
          out[pointer] = fill(v);
        } catch {
          // A reference that does not resolve is a problem the validator reports on the field.
        }
      } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`));
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, `${pointer}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    };
    walk(data, '');
    return out;
  }
}

/** A file's title for the list: its own title or name, else its path. */
export function titleOf(data: unknown, rel: string): string {
  if (!isObject(data)) return rel;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const nested = (k: string, f: string) => (isObject(data[k]) ? pick((data[k] as Record<string, unknown>)[f]) : undefined);
  return (
    pick(data.title) ??
    pick(data.name) ??
    nested('meta', 'title') ??
    nested('review', 'title') ??
    nested('brand', 'name') ??
    nested('hero', 'title') ??
    pick(data.provider) ??
    rel
  );
}

/** Draft, scheduled, expired or live, as the site judges it now. */
export const standingOf = (data: unknown) =>
  isObject(data) ? standing(data as { draft?: boolean; publishAt?: string; expiresAt?: string }, publishingNow()) : 'live';
