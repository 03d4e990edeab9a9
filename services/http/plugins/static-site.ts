/** Serves the prerendered site: pages revalidated, hashed assets cached for a year, unknown paths get 404.html. */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

export async function staticSite(app: FastifyInstance, opts: { distDir: string }): Promise<void> {
  if (!existsSync(join(opts.distDir, '404.html'))) {
    throw new Error(`${opts.distDir} has no 404.html: run \`vpnsite build\` first`);
  }
  const assets = join(opts.distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: ['index.html'],
    cacheControl: false,
    // Vite puts a content hash in every file name under assets/, so those never change.
    // @fastify/static passes the Fastify reply here (its types still say ServerResponse).
    setHeaders: (reply: unknown, path: string) => {
      const r = reply as FastifyReply;
      r.header('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      // React Router's prerendered loader data for client-side navigation.
      if (path.endsWith('.data')) r.header('Content-Type', 'text/x-script; charset=utf-8');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ error: 'Not found' });
    return reply.code(404).header('Cache-Control', REVALIDATE).sendFile('404.html');
  });
}
