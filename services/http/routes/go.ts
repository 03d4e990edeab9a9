/** GET /go/<slug>: a 302 to the provider's outbound URL from validated content (CONTRACT). The target never comes from the request. */
import type { FastifyInstance } from 'fastify';

export interface GoOptions {
  /** slug → outbound URL, built from validated content at start-up. */
  targets: ReadonlyMap<string, string>;
}

export async function goRoutes(app: FastifyInstance, opts: GoOptions): Promise<void> {
  app.get<{ Params: { slug: string } }>('/go/:slug', {
    schema: {
      params: { type: 'object', properties: { slug: { type: 'string', maxLength: 64 } }, required: ['slug'] },
    },
    handler: async (request, reply) => {
      const target = opts.targets.get(request.params.slug);
      if (!target) return reply.callNotFound();
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .redirect(target, 302);
    },
  });
}
