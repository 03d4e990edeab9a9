/**
 * Content-Security-Policy for the prerendered pages. A page's inline <script> blocks (the islands' bootstrap, the
 * speculation rules, the search page's room for its results; docs/islands.md) are allowed by their SHA-256 hashes
 * (CSP3 hash-source, which Chromium also applies to inline speculation rules), each page exactly its own, and no
 * other inline script. The islands' files load from 'self'.
 */
import { createHash } from 'node:crypto';

/** dist-relative HTML path (`index.html`, `vpn-reviews/nordvpn/index.html`) → the page's script hashes. */
export type CspManifest = Record<string, string[]>;

/** The manifest's file name in the built site; a dot file, so the static server never serves it. */
export const CSP_MANIFEST = '.csp-hashes.json';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The `'sha256-…'` source for every inline script in the HTML, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return [...hashes];
}

/**
 * The policy's directives. Styles allow 'unsafe-inline' because the toast library injects a <style> element at
 * run time; scripts never do. `connectOrigins` are other origins the pages may call (a separate API origin).
 */
export function cspDirectives(scriptHashes: readonly string[], connectOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // The site search runs Pagefind's WebAssembly, which needs 'wasm-unsafe-eval' (it allows WebAssembly only, not eval).
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The forms post there too when JavaScript is off.
    'form-action': ["'self'", ...connectOrigins],
    'frame-ancestors': ["'none'"],
  };
}

/** The header value for a page with these inline-script hashes. */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectOrigins: readonly string[] = []): string {
  return Object.entries(cspDirectives(scriptHashes, connectOrigins))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
