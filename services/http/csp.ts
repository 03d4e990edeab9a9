/**
 * Content-Security-Policy for the prerendered pages. React Router writes inline <script> blocks (hydration
 * data, the module loader) that differ per page, so each page's policy allows exactly its own blocks by
 * SHA-256 hash (CSP3 hash-source) and no other inline script.
 */
import { createHash } from 'node:crypto';

/** dist-relative HTML path (`index.html`, `vpn-reviews/nordvpn/index.html`) → the page's script hashes. */
export type CspManifest = Record<string, string[]>;

/** The manifest's file name in the built site; a dot file, so the static server never serves it. */
export const CSP_MANIFEST = '.csp-hashes.json';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** A script's declaration of the script it creates at run time (scripts/build/first-paint.ts defers the bootstrap). */
const CREATED_SCRIPT = /<script\b[^>]*\bdata-csp-hash="(sha256-[A-Za-z0-9+/=]+)"/gi;

/** The `'sha256-…'` source for every inline script in the HTML and every script those create, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  // A copy of the matched hash: V8's substrings point into the page, so keeping the match kept each page's whole
  // HTML alive while a build hashed the others (1.5 GB at 10,000 pages).
  for (const m of html.matchAll(CREATED_SCRIPT)) hashes.add(`'${Buffer.from(m[1]!, 'latin1').toString('latin1')}'`);
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
