/** The Fastify app as a plugin: registers everything, never listens (server.ts does). */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { ClickRecorder } from '../clicks/index.ts';
import { isUnavailable, type Db } from '../db/index.ts';
import { bodyTimeout } from './body-timeout.ts';
import { replyDbDown } from './db-down.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSite, type SiteControl } from './plugins/static-site.ts';
import { clicksApiRoutes } from './routes/clicks-api.ts';
import { formRoutes } from './routes/forms.ts';
import { goRoutes } from './routes/go.ts';
import { conversionRoutes } from './routes/conversions.ts';
import { pageViewRoutes } from './routes/page-views.ts';
import type { PageViewRecorder } from '../views/recorder.ts';
import { healthRoutes } from './routes/health.ts';
import { newsletterLinkRoutes } from './routes/newsletter.ts';
import { contactResultRoutes } from './routes/contact-result.ts';
import type { ProviderTargets } from '../content/targets.ts';
import { validationMessage } from './validation-message.ts';

export interface AppOptions {
  distDir: string;
  /** Lets the caller read the built site again once a new build is in distDir. */
  site?: SiteControl;
  targets: ReadonlyMap<string, ProviderTargets>;
  /** Providers whose affiliate link the latest check found broken: their paid clicks fail over. */
  failingOver?: ReadonlySet<string>;
  /** Every page path, for checking `from` on /go/. */
  routes: ReadonlySet<string>;
  db: Db;
  /** True once the database has been reached and migrated; until then the forms answer 503. */
  dbReady: () => boolean;
  recorder: ClickRecorder;
  formRateLimit: number;
  /** Longest pause within a request body before it is answered 408. */
  bodyTimeoutMs: number;
  corsOrigins: string[];
  redisUrl?: string;
  redisTimeoutMs: number;
  /** Bearer token for GET /api/clicks; undefined disables it. */
  statsToken?: string;
  statsRateLimit: number;
  /** Queues the pages' view beacons. */
  pageViews: PageViewRecorder;
  /** The paths whose page views count. */
  viewRoutes: ReadonlySet<string>;
  /** network → postback secret; empty disables POST /api/conversions. */
  postbackSecrets?: ReadonlyMap<string, string>;
  /** The header trusted for the visitor's country (GEO_COUNTRY_HEADER). */
  geoCountryHeader?: string;
  mail: {
    /** Signs and checks the links in the newsletter's mails. */
    linkSecret: string;
    /** Where contact messages are forwarded, if anywhere. */
    contactNotifyTo?: string;
    /** Wakes the mailer: a sign-up or a mail was just stored. */
    queued: () => void;
  };
}

const MESSAGES: Record<number, string> = {
  413: 'The request is too large: 16 KB at most.',
  415: 'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).',
};

export async function app(fastify: FastifyInstance, opts: AppOptions): Promise<void> {
  fastify.setSchemaErrorFormatter((errors, dataVar) => new Error(validationMessage(errors, dataVar)));
  // One error handler: 4xx keep a readable message, 5xx never leak details, and a database that cannot be reached
  // is a 503 the client may retry, not a failure of ours.
  fastify.setErrorHandler((err: { statusCode?: number; message: string }, request, reply) => {
    if (isUnavailable(err)) {
      request.log.warn({ err }, 'the database did not answer; answered 503');
      return replyDbDown(reply);
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error(err);
    // A client too slow to send its body is not kept on the connection.
    if (status === 408) reply.header('Connection', 'close');
    const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : (MESSAGES[status] ?? err.message);
    return reply.code(status).send({ error: message });
  });
  // The redirect sits apart from the pages and forms: an empty-bodied 302 needs neither page security headers,
  // compression nor CORS. Every hook those add ran on each redirect, and cost it throughput (scripts/bench/redirect.ts).
  await fastify.register(goRoutes, {
    targets: opts.targets,
    failingOver: opts.failingOver,
    routes: opts.routes,
    recorder: opts.recorder,
    geoCountryHeader: opts.geoCountryHeader,
  });
  await fastify.register(async (site) => {
    bodyTimeout(site, opts.bodyTimeoutMs);
    await site.register(securityPlugin, { corsOrigins: opts.corsOrigins, redisUrl: opts.redisUrl, redisTimeoutMs: opts.redisTimeoutMs });
    await site.register(compress, { threshold: 1024 });
    await site.register(formRoutes, {
      db: opts.db,
      ready: opts.dbReady,
      rateLimit: opts.formRateLimit,
      siteOrigins: opts.corsOrigins,
      contactNotifyTo: opts.mail.contactNotifyTo,
      queued: opts.mail.queued,
    });
    await site.register(healthRoutes, { db: opts.db, ready: opts.dbReady });
    await site.register(pageViewRoutes, { recorder: opts.pageViews, routes: opts.viewRoutes, siteOrigins: opts.corsOrigins });
    await site.register(conversionRoutes, { db: opts.db, ready: opts.dbReady, secrets: opts.postbackSecrets ?? new Map() });
    await site.register(clicksApiRoutes, {
      db: opts.db,
      ready: opts.dbReady,
      failingOver: opts.failingOver,
      statsToken: opts.statsToken,
      rateLimit: opts.statsRateLimit,
    });
    await site.register(staticSite, { distDir: opts.distDir, control: opts.site });
    // After the static site, whose page headers (the page's own CSP) and sendFile the unsubscribe page reuses.
    await site.register(newsletterLinkRoutes, {
      db: opts.db,
      ready: opts.dbReady,
      linkSecret: opts.mail.linkSecret,
      distDir: opts.distDir,
    });
    await site.register(contactResultRoutes, { distDir: opts.distDir });
  });
}
