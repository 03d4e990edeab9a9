/** Head tags for a route: title, description, keywords, canonical, Open Graph, Twitter card and JSON-LD. */
import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  keywords: readonly string[];
}

export interface MetaOptions {
  /** og:type: "article" for articles and reviews, "website" otherwise. */
  type?: 'website' | 'article';
  /** Structured data blocks (schema.org objects) for this page. */
  jsonLd?: object[];
}

/** The social preview image: a 512×512 PNG logo. */
export const OG_IMAGE = { path: '/og-image.png', width: 512, height: 512 } as const;

/**
 * Meta descriptors for a page. `origin` is the site URL from site.yaml (or --site-url) and `path` the page's own
 * registered route, so the canonical never carries a query string or a stale path.
 */
export function pageMeta(meta: PageMeta, origin: string, path: string, opts: MetaOptions = {}): MetaDescriptor[] {
  const url = new URL(path, origin).href;
  const image = new URL(OG_IMAGE.path, origin).href;
  return [
    { title: meta.title },
    { name: 'description', content: meta.description },
    { name: 'keywords', content: meta.keywords.join(', ') },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: meta.title },
    { property: 'og:description', content: meta.description },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(OG_IMAGE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE.height) },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: meta.title },
    { name: 'twitter:description', content: meta.description },
    { name: 'twitter:image', content: image },
    ...(opts.jsonLd ?? []).map((data) => ({ 'script:ld+json': data })),
  ];
}
