/**
 * The visible text of every page of a built site, for comparing two builds: a change to the content's plumbing (the
 * speed tables moving into test runs, say) must leave every figure a reader sees where it was. Elements marked as
 * added on purpose (by data-testid) are left out, so that what remains must match word for word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument } from 'htmlparser2';

/** Elements whose text is not read as the page: code, styles, and what a browser never renders. */
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript']);

/** A node of htmlparser2's document tree, as far as the text needs it. */
interface TreeNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: TreeNode[];
}

/** The page's visible text, one line per block of text, without the elements whose data-testid is in `ignore`. */
export function pageText(html: string, ignore: ReadonlySet<string> = new Set()): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t) lines.push(t);
    line = '';
  };
  // The tree, not a stream of tags: a browser's nesting (implied ends, void elements) is the parser's business.
  const walk = (node: TreeNode) => {
    if (node.type === 'text') {
      line += node.data ?? '';
      return;
    }
    if (node.name && SKIPPED_TAGS.has(node.name)) return;
    const testId = node.attribs?.['data-testid'];
    if (testId !== undefined && ignore.has(testId)) return;
    flush();
    for (const child of node.children ?? []) walk(child);
    flush();
  };
  walk(parseDocument(html) as unknown as TreeNode);
  flush();
  return lines.join('\n');
}

/** Every .html file under dir, relative to it, sorted. */
export function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.html')) out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

/** One page whose text differs between two builds: its first differing line on each side. */
export interface TextDifference {
  page: string;
  before?: string;
  after?: string;
}

/** The pages whose text differs between two built sites (a page on one side only counts too). */
export function compareBuilds(beforeDir: string, afterDir: string, ignore: ReadonlySet<string>): TextDifference[] {
  const before = new Set(htmlFiles(beforeDir));
  const after = new Set(htmlFiles(afterDir));
  const out: TextDifference[] = [];
  for (const page of [...new Set([...before, ...after])].sort()) {
    if (!before.has(page) || !after.has(page)) {
      out.push({ page, ...(before.has(page) ? { before: '(page)' } : { after: '(page)' }) });
      continue;
    }
    const a = pageText(readFileSync(join(beforeDir, page), 'utf8'), ignore).split('\n');
    const b = pageText(readFileSync(join(afterDir, page), 'utf8'), ignore).split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    const at = i === -1 && a.length !== b.length ? Math.min(a.length, b.length) : i;
    if (at !== -1) out.push({ page, ...(a[at] !== undefined ? { before: a[at] } : {}), ...(b[at] !== undefined ? { after: b[at] } : {}) });
  }
  return out;
}
