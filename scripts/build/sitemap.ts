/** sitemap.xml and robots.txt from the route table (https://www.sitemaps.org/protocol.html), and _redirects. */
import type { RouteEntry } from '../../services/content/index.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every route but the not-found page and the pages kept out of search; lastmod is the content's own updated date, never the build time. */
export function sitemapXml(routes: RouteEntry[], origin: string): string {
  const urls = routes
    .filter((r) => r.kind !== 'not-found' && !r.noindex)
    .map(
      (r) =>
        `  <url>\n    <loc>${escapeXml(new URL(r.path, origin).href)}</loc>${r.updated ? `\n    <lastmod>${r.updated}</lastmod>` : ''}\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Allows the site, keeps crawlers off the click-tracking redirects, names the sitemap. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /go/\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}

/**
 * The permanent redirects a static host should make, in the `_redirects` format Netlify and Cloudflare Pages read
 * (`from to status`, one a line): each head-to-head page's other order, to the pair's one URL. `vpnsite serve` reads
 * the same file, so both answer alike.
 */
export function redirectsFile(redirects: readonly [string, string][]): string {
  return redirects.map(([from, to]) => `${from} ${to} 301\n`).join('');
}
