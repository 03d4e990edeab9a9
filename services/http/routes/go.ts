/**
 * GET /go/<slug>: a 302 to the provider's outbound URL from validated content. The target never comes from the
 * request. The answer goes out first; the click is only queued in memory (services/clicks). It is never refused:
 * flood protection lives in the recorder, which stops counting a visitor's clicks as human past a per-minute budget.
 */
import type { FastifyInstance } from 'fastify';
import { classifyVisit, outboundUrl, type ClickRecorder } from '../../clicks/index.ts';
import type { OutboundTarget } from '../targets.ts';

export interface GoOptions {
  /** slug → outbound URL, built from validated content at start-up. */
  targets: ReadonlyMap<string, OutboundTarget>;
  /** Every page path of the site: `from` must be one of them. */
  routes: ReadonlySet<string>;
  recorder: ClickRecorder;
}

// Left untyped on purpose: a repeated or odd parameter is ignored by the classifier, never a failed redirect.
const anyValue = { description: 'optional; invalid values are stored as null' };

export async function goRoutes(app: FastifyInstance, opts: GoOptions): Promise<void> {
  // Fastify answers HEAD through this route too (exposeHeadRoutes); the classifier does not count it.
  app.route<{ Params: { slug: string }; Querystring: Record<string, unknown> }>({
    method: 'GET',
    url: '/go/:slug',
    schema: {
      params: { type: 'object', properties: { slug: { type: 'string', maxLength: 200 } }, required: ['slug'] },
      querystring: { type: 'object', properties: { from: anyValue, placement: anyValue, notrack: anyValue } },
      response: { 302: { type: 'null', description: 'Location holds the outbound URL' } },
    },
    // Not async: the redirect is written out by redirect() itself, and the click is queued after it, with nothing
    // to wait for (awaiting the reply would wait for the socket to finish sending).
    handler: (request, reply) => {
      // A lookup in a map of content slugs: `/go/https:%2F%2Fevil.example`, `..%2f` or CRLF can only miss.
      const target = opts.targets.get(request.params.slug);
      if (!target) return reply.callNotFound();
      const decision = classifyVisit({ method: request.method, headers: request.headers, query: request.query }, opts.routes);
      const id = decision.record ? opts.recorder.takeId() : null;
      reply
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .redirect(outboundUrl(target, id), 302);
      if (decision.record) {
        opts.recorder.record({
          id,
          provider: request.params.slug,
          ip: request.ip,
          isBot: decision.isBot,
          fromPath: decision.fromPath,
          placement: decision.placement,
          userAgent: decision.userAgent,
          referrer: decision.referrer,
        });
      }
      return reply;
    },
  });
}
