/**
 * Reads what the integrity checks need from prerendered HTML: links, assets, head tags and JSON-LD.
 * React's server renderer writes regular, quoted attributes, so a tag-level scanner is enough here.
 */

export interface Anchor {
  href: string;
  rel?: string;
  target?: string;
}

export interface PageScan {
  anchors: Anchor[];
  title?: string;
  description?: string;
  canonical?: string;
  /** Stylesheets, module preloads, script sources and inline-module imports, as site paths. */
  css: string[];
  /** Inline <style> bodies (the site stylesheet, written in by the build). */
  styles: string[];
  js: string[];
  jsonLd: string[];
  /** Inline <script> bodies (for CSP hashes). */
  inlineScripts: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };

/** Decodes the entities React writes in attribute values and text. */
export function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e]!);
}

/** The attributes of one start tag, by lower-cased name. */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? '');
  return out;
}

function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((m) => attributes(m[0]));
}

/** Scans one page. */
export function scanPage(page: string): PageScan {
  const styles = [...page.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  // Selectors never hold '<', but the tag scan below has no reason to read the stylesheet.
  const html = page.replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1</style>');
  const anchors = tags(html, 'a')
    .filter((a) => a.href !== undefined)
    .map((a) => ({ href: a.href!, rel: a.rel, target: a.target }));
  const metas = tags(html, 'meta');
  const links = tags(html, 'link');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attrs: attributes(m[1] ?? ''),
    body: m[2] ?? '',
  }));
  const inlineModuleImports = scripts
    .filter((s) => s.attrs.type === 'module' && !s.attrs.src)
    // Static and dynamic imports, and the module URLs the build's deferred bootstrap preloads (scripts/build/first-paint.ts).
    .flatMap((s) =>
      [...s.body.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?\(?\s*"([^"]+)"|"(\/[^"\\]+\.js)"/g)].map((m) => (m[1] ?? m[2])!),
    );
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  return {
    anchors,
    title: title === undefined ? undefined : decode(title),
    description: metas.find((m) => m.name === 'description')?.content,
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    css: links.filter((l) => l.rel === 'stylesheet' && l.href).map((l) => l.href!),
    styles,
    js: [
      ...new Set([
        ...links.filter((l) => l.rel === 'modulepreload').map((l) => l.href!),
        ...scripts.filter((s) => s.attrs.src).map((s) => s.attrs.src!),
        ...inlineModuleImports,
      ]),
    ],
    jsonLd: scripts.filter((s) => s.attrs.type === 'application/ld+json').map((s) => s.body),
    inlineScripts: scripts.filter((s) => !s.attrs.src && s.attrs.type !== 'application/ld+json').map((s) => s.body),
  };
}

/** The site path a page file is served at: index.html → "/", vpn-deals/index.html → "/vpn-deals", articles/404.html → "/articles/404". */
export function routeOfFile(file: string): string {
  if (file === '404.html' || file.endsWith('/404.html')) return `/${file.slice(0, -'.html'.length)}`;
  return `/${file.replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1');
}
