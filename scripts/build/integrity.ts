/** Checks over the finished HTML: search visibility and content integrity. Errors fail the build; warnings are listed. */
import { NOT_FOUND_PATHS } from '../../services/content/routes.ts';
import { LINK_NAMES } from '../../services/content/schemas/common.ts';
import { OUTBOUND_REL } from '../../site/lib/outbound.ts';
import type { PageScan } from './html-scan.ts';

export interface BuildProblem {
  severity: 'error' | 'warning';
  /** The route the problem is on. */
  page: string;
  message: string;
}

export interface IntegrityInput {
  /** Route → scan of its HTML. */
  pages: Map<string, PageScan>;
  /** Every file in the output, as site paths ("/assets/x.js", "/favicon.svg"). */
  files: Set<string>;
  providers: Set<string>;
  /** Route → the content's own updated date. */
  updated: Map<string, string | undefined>;
  /** YYYY-MM-DD. */
  today: string;
}

/** The date twelve months before `today`. */
function yearBefore(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString().slice(0, 10);
}

/** Every internal href resolves, /go/ names a provider (and a link name) with the outbound rel, titles and descriptions are unique and short, pages are fresh. */
export function checkIntegrity(input: IntegrityInput): BuildProblem[] {
  const problems: BuildProblem[] = [];
  const add = (severity: BuildProblem['severity'], page: string, message: string) => problems.push({ severity, page, message });
  const staleBefore = yearBefore(input.today);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();

  for (const [page, scan] of input.pages) {
    for (const a of scan.anchors) {
      if (/^(https?:)?\/\//.test(a.href) || /^(mailto|tel):/.test(a.href) || a.href.startsWith('#')) continue;
      const path = a.href.split(/[?#]/)[0]!;
      const go = /^\/go\/([^/]+)(?:\/([^/]+))?$/.exec(path);
      if (go) {
        if (!input.providers.has(decodeURIComponent(go[1]!))) add('error', page, `link ${a.href} names no known provider`);
        if (go[2] !== undefined && !(LINK_NAMES as readonly string[]).includes(decodeURIComponent(go[2])))
          add('error', page, `link ${a.href} names no known link (${LINK_NAMES.join(', ')})`);
        if (a.rel !== OUTBOUND_REL)
          add('error', page, `outbound link ${a.href} must have rel="${OUTBOUND_REL}" (found ${a.rel ? `"${a.rel}"` : 'none'})`);
        continue;
      }
      const resolved = path.replace(/(.)\/$/, '$1');
      if (!NOT_FOUND_PATHS.includes(resolved) && (input.pages.has(resolved) || input.files.has(path))) continue;
      add('error', page, `broken link ${a.href}: no page or file at ${path}`);
    }
    if (NOT_FOUND_PATHS.includes(page)) continue;
    if (!scan.title) add('error', page, 'has no <title>');
    else {
      if (scan.title.length > 60) add('warning', page, `title is ${scan.title.length} characters (keep it within 60): "${scan.title}"`);
      if (titles.has(scan.title)) add('warning', page, `title "${scan.title}" is also used by ${titles.get(scan.title)}`);
      else titles.set(scan.title, page);
    }
    if (!scan.description) add('error', page, 'has no meta description');
    else {
      if (scan.description.length > 160) add('warning', page, `description is ${scan.description.length} characters (keep it within 160)`);
      if (descriptions.has(scan.description)) add('warning', page, `description is also used by ${descriptions.get(scan.description)}`);
      else descriptions.set(scan.description, page);
    }
    const updated = input.updated.get(page);
    if (updated && updated < staleBefore) add('warning', page, `last updated ${updated}, more than 12 months before ${input.today}`);
  }
  return problems;
}
