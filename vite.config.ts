import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/build/compile-hints.ts';
import { contentOverlay } from './scripts/build/content-overlay.ts';
import { iconSprite } from './scripts/build/icon-sprite.ts';
import { renderOnEveryCore } from './scripts/build/react-router.ts';
import { buildJob } from './site/lib/build-job.ts';

// `vpnsite dev`: the service's own paths go to the service it runs beside the dev server, so the whole site works.
const service = buildJob()?.dev?.serviceUrl;
// A newsletter mail's unsubscribe page is the site's (GET); the button's post is the service's.
const proxy = service
  ? {
      ...Object.fromEntries(['/go/', '/api/', '/healthz', '/newsletter/confirm'].map((path) => [path, service])),
      '/newsletter/unsubscribe': { target: service, bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url) },
    }
  : undefined;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite(), compileHints(), renderOnEveryCore(), contentOverlay()],
  server: { host: '127.0.0.1', proxy },
  build: { assetsInlineLimit: 0 },
});
