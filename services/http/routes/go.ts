/**
 * GET /go/<slug> and /go/<slug>/<link>: a 302 to the provider's affiliate URL or named link from validated content,
 * or its website when it has none; /go/<slug> goes where the provider's rules and split send this click (decided
 * in memory, from the country header, the user agent, the day and the visitor). The target never comes from the request;
 * a slug or link name in another case, or with a trailing slash, is the same one. The click, with the link it went to, is
 * appended to the click journal and queued in memory (services/clicks) before the answer goes out, so an answered
 * click is never lost, however the process ends; nothing on the way waits on the database. It is never refused: flood protection
 * lives in the recorder, which stops counting a visitor's clicks as human past a per-minute budget.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyVisit, outboundUrl, type ClickRecorder } from '../../clicks/index.ts';
import { countryOf, decide, deviceOf, type Decision } from '../../links/routing.ts';
import { targetFor, type OutboundTarget, type ProviderTargets } from '../../content/targets.ts';

export interface GoOptions {
  /** slug → outbound targets, built from validated content at start-up. */
  targets: ReadonlyMap<string, ProviderTargets>;
  /** Providers whose affiliate link the latest stored check found broken (kept in memory, never read per request). */
  failingOver?: ReadonlySet<string>;
  /** Every page path of the site: `from` must be one of them. */
  routes: ReadonlySet<string>;
  recorder: ClickRecorder;
  /** The request header that carries the visitor's country (GEO_COUNTRY_HEADER, lower case); unset, none is trusted. */
  geoCountryHeader?: string;
}

// Left untyped on purpose: a repeated or odd parameter is ignored by the classifier, never a failed redirect.
const anyValue = Type.Optional(Type.Unknown({ description: 'optional; invalid values are stored as null' }));
const Query = Type.Object({ from: anyValue, placement: anyValue, notrack: anyValue });
const Slug = Type.String({ maxLength: 200 });
const response = { 302: Type.Null({ description: 'Location holds the outbound URL' }) };
/** What of a /go/ request the redirect reads, its query typed by the schema above. */
type GoRequest = Pick<FastifyRequest, 'headers' | 'ip' | 'method'> & { query: Static<typeof Query> };

/** Where a click goes without rules or a split: one object for all of them. */
const AFFILIATE: Decision = Object.freeze({ to: 'affiliate' });

/** Writes the redirect outside the handler: an error goes to the error handler, as it would from inside. */
function redirect(reply: FastifyReply, location: string): void {
  try {
    reply.redirect(location, 302);
  } catch (err) {
    reply.send(err);
  }
}

export async function goRoutes(fastify: FastifyInstance, opts: GoOptions): Promise<void> {
  // A redirect logs one line at debug (or one if it fails), and that line carries the request itself: the child
  // logger Fastify makes for every request, to bind its id, was a twentieth of a redirect's garbage for no line.
  // The price: a redirect's lines, the error handler's too, carry no request id.
  fastify.setChildLoggerFactory((logger) => logger);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * A provider by its slug, or by the slug in another case (`/go/NordVPN`, typed by hand or copied from a name):
   * slugs are lower case, so it is the same provider, and the click is not lost to a 404.
   */
  const lookup = (slug: string): [string, ProviderTargets] | undefined => {
    const exact = opts.targets.get(slug);
    if (exact) return [slug, exact];
    const lower = slug.toLowerCase();
    const t = lower === slug ? undefined : opts.targets.get(lower);
    return t && [lower, t];
  };

  // Not async, and returns nothing: the redirect is written out by redirect() itself, once its click is journalled.
  // A handler that returns nothing leaves Fastify waiting for reply.send; returning the reply instead (a thenable)
  // made Fastify hang listeners on the response's end for every redirect, which cost throughput for nothing.
  const go = (request: GoRequest, reply: FastifyReply, slug: string, targets: ProviderTargets, link?: string): void => {
    const userAgent = request.headers['user-agent'];
    const device = deviceOf(userAgent);
    const country = opts.geoCountryHeader ? countryOf(request.headers[opts.geoCountryHeader]) : undefined;
    // A named link is what the visitor asked for; /go/<slug> alone is routed by the provider's rules and split.
    let routed: Decision = AFFILIATE;
    if (link === undefined && (targets.rules || targets.split)) {
      const day = new Date().toISOString().slice(0, 10);
      routed = decide(slug, targets.rules, targets.split, { country, device, day, visitor: `${request.ip}\n${userAgent ?? ''}` });
    }
    let target: OutboundTarget = link === undefined ? targetFor(targets, routed.to) : targets.links.get(link)!;
    // A broken affiliate link earns nothing and loses the visitor: its clicks go straight to the page instead.
    if (target.direct && opts.failingOver?.has(slug)) target = target.direct;
    const decision = classifyVisit({ method: request.method, headers: request.headers, query: request.query }, opts.routes);
    const id = decision.record ? opts.recorder.takeId() : null;
    const location = outboundUrl(target, id);
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
    if (!decision.record) {
      reply.redirect(location, 302);
      return;
    }
    // The answer waits for its click's line in the journal: written with the other clicks of this turn of the event
    // loop, one write() for all of them rather than one a click, which cost a tenth of the service's time.
    opts.recorder.recordThen(
      {
        id,
        provider: slug,
        destination: target.destination,
        paid: target.paid,
        variant: routed.variant === undefined ? null : routed.to,
        country: country ?? null,
        device,
        ip: request.ip,
        isBot: decision.isBot,
        fromPath: decision.fromPath,
        placement: decision.placement,
        userAgent: decision.userAgent,
        referrer: decision.referrer,
      },
      () => redirect(reply, location),
    );
  };

  // Fastify answers HEAD through these routes too (exposeHeadRoutes); the classifier does not count it.
  app.route({
    method: 'GET',
    url: '/go/:slug',
    schema: { params: Type.Object({ slug: Slug }), querystring: Query, response },
    handler: (request, reply) => {
      // A lookup in a map of content slugs: `/go/https:%2F%2Fevil.example`, `..%2f` or CRLF can only miss.
      const found = lookup(request.params.slug);
      if (!found) reply.callNotFound();
      else go(request, reply, found[0], found[1]);
    },
  });
  app.route({
    method: 'GET',
    url: '/go/:slug/:link',
    schema: { params: Type.Object({ slug: Slug, link: Slug }), querystring: Query, response },
    handler: (request, reply) => {
      // Both looked up in maps from content: an unknown provider or link name is a 404, never a target.
      const found = lookup(request.params.slug);
      if (!found) return void reply.callNotFound();
      // `/go/<slug>/` (a trailing slash) is /go/<slug>.
      if (request.params.link === '') return go(request, reply, found[0], found[1]);
      const link = request.params.link.toLowerCase();
      if (!found[1].links.has(link)) return void reply.callNotFound();
      go(request, reply, found[0], found[1], link);
    },
  });
}
