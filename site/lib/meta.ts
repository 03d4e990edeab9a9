/** Head tags for a route: title, description, keywords and the canonical URL of its registered route. */
import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  keywords: readonly string[];
}

/** Meta descriptors for a page. `origin` is the site URL from site.yaml (or --site-url); `path` its own route. */
export function pageMeta(meta: PageMeta, origin: string, path: string): MetaDescriptor[] {
  return [
    { title: meta.title },
    { name: 'description', content: meta.description },
    { name: 'keywords', content: meta.keywords.join(', ') },
    { tagName: 'link', rel: 'canonical', href: new URL(path, origin).href },
  ];
}
