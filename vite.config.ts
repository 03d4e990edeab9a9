import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { siteChunks } from './scripts/build/chunks.ts';
import { compileHints } from './scripts/build/compile-hints.ts';
import { contentOverlay } from './scripts/build/content-overlay.ts';
import { SERVICE_PREFIXES } from './scripts/build/dev-paths.ts';
import { iconSprite } from './scripts/build/icon-sprite.ts';
import { renderOnEveryCore } from './scripts/build/react-router.ts';
import { buildJob } from './site/lib/build-job.ts';

// `vpnsite dev`: the service's own paths go to the service it runs beside the dev server, so the whole site works.
const service = buildJob()?.dev?.serviceUrl;
// A newsletter mail's unsubscribe page is the site's (GET); the button's post is the service's. The Host header stays
// the dev server's: the service accepts a form only from a page of the host it was asked on, and a browser's post
// from the preview comes from the dev server's origin (a service found running beside it is another process, on its
// own port, which would otherwise refuse every form as another site's).
const proxy = service
  ? {
      ...Object.fromEntries(SERVICE_PREFIXES.map((path) => [path, { target: service, changeOrigin: false }])),
      '/newsletter/unsubscribe': {
        target: service,
        changeOrigin: false,
        bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url),
      },
    }
  : undefined;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite(), compileHints(), renderOnEveryCore(), contentOverlay()],
  // A taken port is an error, as it is for `vpnsite serve`: moving to the next one left two servers and a wrong URL.
  // The site's static files live beside the app they belong to.
  publicDir: 'site/public',
  server: { host: '127.0.0.1', strictPort: true, proxy },
  build: {
    assetsInlineLimit: 0,
    // The framework and the shell every page runs in one file each, the rest by route (scripts/build/chunks.ts).
    rolldownOptions: { output: { codeSplitting: siteChunks(fileURLToPath(new URL('./site/root.tsx', import.meta.url))) } },
  },
});
