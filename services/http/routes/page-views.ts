/**
 * POST /api/pv: the page-view beacon, counted only when sent from a page of this site. The body is `{ path, referrer, notrack? }` as JSON, sent as text/plain by
 * navigator.sendBeacon (or as application/json). Always 204 for a well-formed beacon, counted or not, so the answer
 * says nothing about the classification; 400 for a body that is not such an object. It never waits on the database:
 * the view is queued in memory.
 */
import type { FastifyInstance } from 'fastify';
import { beaconSkip, fromOwnSite, type Beacon, type PageViewRecorder } from '../../views/recorder.ts';

export interface PageViewOptions {
  recorder: PageViewRecorder;
  /** The paths of the pages whose views count (services/views/recorder.ts countsViews). */
  routes: ReadonlySet<string>;
  /** CORS_ORIGINS: other origins the site's pages are served from. */
  siteOrigins: readonly string[];
}

export async function pageViewRoutes(app: FastifyInstance, opts: PageViewOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/api/pv', { config: { rateLimit: false } }, async (request, reply) => {
    let beacon: Beacon;
    try {
      beacon = JSON.parse(String(request.body ?? '')) as Beacon;
    } catch {
      return reply.code(400).send({ error: 'Send the page view as JSON: { "path": "/…", "referrer": "…" }.' });
    }
    if (!beacon || typeof beacon !== 'object' || Array.isArray(beacon) || typeof beacon.path !== 'string' || beacon.path.length > 300) {
      return reply.code(400).send({ error: 'A page view is { "path": "/…", "referrer": "…" }, the path at most 300 characters.' });
    }
    if (!beaconSkip(beacon, request.headers, opts.routes) && fromOwnSite(request.headers, request.host, opts.siteOrigins))
      opts.recorder.record(beacon.path, beacon.referrer, request.ip, request.headers);
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });
}
