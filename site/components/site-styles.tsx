import { memo } from 'react';

// Never changes, so React never rewrites the <style> that the build filled in. In the browser it holds that CSS,
// read before React first renders: the root's error boundary replaces the whole document's tree, which mounts this
// element anew, and an empty one left the error screen without any styles.
const FILLED_BY_BUILD = { __html: typeof document === 'undefined' ? '' : (document.querySelector('style[data-href]')?.textContent ?? '') };

/**
 * The site stylesheet. In a built site it is an inline <style>: `vpnsite build` writes the CSS file's text into it
 * (scripts/build/first-paint.ts), so first paint waits for no stylesheet request. On the client the element renders
 * with the CSS it found in the page, and React, hydrating, keeps the contents it finds (production React does not
 * compare innerHTML); as the props never change it never touches them afterwards. The dev server has no build step
 * and links the file.
 */
export const SiteStyles = memo(function SiteStyles({ href }: { href: string }) {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty here; the build fills it with the site's own stylesheet
  return <style data-href={href} dangerouslySetInnerHTML={FILLED_BY_BUILD} suppressHydrationWarning />;
});
