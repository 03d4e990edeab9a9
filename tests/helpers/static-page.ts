/**
 * A built page parsed in this process, for checks of what a page says without JavaScript: its text, attributes,
 * links and structured data. Reading the prerendered file costs a millisecond where a browser round trip per
 * assertion cost seconds on a busy machine; Chromium stays for behaviour (forms, menus, hydration, axe).
 */
import { parseHTML } from 'linkedom';
import { expect } from 'vitest';
import { builtPage } from './built-site.ts';

export type El = Element;

/** The built page at a route, parsed. */
export function staticPage(path: string): Document {
  return parseHTML(builtPage(path)).document as unknown as Document;
}

/** Parses any HTML, for a page fetched from the running site. */
export function parsePage(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}

/** Tags a browser lays out as blocks: their text stands apart from their neighbours'. */
const BLOCK_TAGS = new Set(
  'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul caption legend option select label button'.split(
    ' ',
  ),
);
const NEVER_SHOWN = new Set(['script', 'style', 'template', 'head']);
/** Tailwind's display classes at the desktop width the browser tests use (1280 px): which show an element as a block. */
const BLOCK_CLASS = /^(?:(?:sm|md|lg|xl):)?(?:block|flex|grid|table|table-row|table-cell|flow-root|list-item)$/;
const LAYOUT_CLASS = /^(?:(?:sm|md|lg|xl):)?(?:flex|grid|inline-flex|inline-grid)$/;

const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);

/** Whether Tailwind's classes hide the element at 1280 px: `hidden`, unless a breakpoint up to xl shows it again. */
function hiddenByClass(list: string[]): boolean {
  const shownAt = list.some((c) => /^(?:sm|md|lg|xl):(?:block|flex|grid|inline|inline-block|inline-flex|table|table-cell)$/.test(c));
  const hiddenAt = list.some((c) => /^(?:sm|md|lg|xl):hidden$/.test(c));
  return hiddenAt || (list.includes('hidden') && !shownAt);
}

/** Whether the element is rendered at all (a browser's innerText leaves out what is not). */
export function isShown(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (NEVER_SHOWN.has(e.tagName.toLowerCase()) || e.hasAttribute('hidden') || hiddenByClass(classes(e))) return false;
  }
  return true;
}

/** What a reader sees of an element, as a browser's innerText gives it with each run of white space as one space. */
export function textOf(el: Element | null | undefined, opts: { accessibleName?: boolean } = {}): string {
  if (!el) throw new Error('no such element');
  const out: string[] = [];
  const walk = (node: Node, blockified: boolean) => {
    if (node.nodeType === 3) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const e = node as Element;
    const tag = e.tagName.toLowerCase();
    const list = classes(e);
    if (NEVER_SHOWN.has(tag) || e.hasAttribute('hidden') || hiddenByClass(list)) return;
    // What is hidden from assistive technology is no part of an accessible name.
    if (opts.accessibleName && e.getAttribute('aria-hidden') === 'true') return;
    const block = blockified || BLOCK_TAGS.has(tag) || list.some((c) => BLOCK_CLASS.test(c));
    // A flex or grid container lays its children out as blocks.
    const container = list.some((c) => LAYOUT_CLASS.test(c));
    if (block) out.push(' ');
    for (const child of Array.from(e.childNodes)) walk(child, container);
    if (block) out.push(' ');
  };
  walk(el, false);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Every element matching the selector, in document order. */
export function all(root: ParentNode, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector));
}

/** The one element matching the selector; fails the test when there is none. */
export function one(root: ParentNode, selector: string): Element {
  const el = root.querySelector(selector);
  expect(el, `${selector} is on the page`).not.toBeNull();
  return el!;
}

export const byTestId = (root: ParentNode, id: string) => one(root, `[data-testid="${id}"]`);

/** An element's accessible name, as far as static markup gives it: aria-label, else its text. */
export function nameOf(el: Element): string {
  return el.getAttribute('aria-label') ?? textOf(el, { accessibleName: true });
}

/** The links whose accessible name is `name`. */
export function linksNamed(root: ParentNode, name: string | RegExp): Element[] {
  return all(root, 'a[href]').filter((a) => (typeof name === 'string' ? nameOf(a) === name : name.test(nameOf(a))));
}

/** The page's JSON-LD objects. */
export function jsonLd(doc: Document): (Record<string, unknown> & { '@type': string })[] {
  return all(doc, 'script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent ?? ''));
}

/** One <h1>, first, and no heading that skips a level on the way down. */
export function expectStaticHeadingOutline(doc: Document): void {
  const list = all(doc, 'h1, h2, h3, h4, h5, h6').map((el) => ({
    level: Number(el.tagName.slice(1)),
    text: (el.textContent ?? '').trim(),
  }));
  expect(list.filter((h) => h.level === 1)).toHaveLength(1);
  expect(list[0]?.level).toBe(1);
  list.slice(1).forEach((h, i) => expect(h.level, `"${h.text}" after "${list[i]!.text}"`).toBeLessThanOrEqual(list[i]!.level + 1));
}

/** A tracked outbound button: /go/<slug> with from and placement, a new tab and the sponsored rel. */
export function expectStaticOutbound(link: Element | undefined, slug: string, from: string, placement: string): void {
  expect(link, `a /go/${slug} link`).toBeDefined();
  expect(link!.tagName).toBe('A');
  expect(link!.getAttribute('href')).toBe(`/go/${slug}?${new URLSearchParams({ from, placement })}`);
  expect(link!.getAttribute('target')).toBe('_blank');
  expect(link!.getAttribute('rel')).toBe('sponsored nofollow noopener');
}
