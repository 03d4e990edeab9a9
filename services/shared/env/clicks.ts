/** How clicks and page views are journalled and counted, how links are checked, and scheduled builds. */
import { Type } from '@sinclair/typebox';

export const clicks = {
  CLICK_JOURNAL_DIR: Type.String({
    default: 'var/clicks.journal',
    description:
      'Every answered click is appended here (one directory per running service) before its redirect goes out, and deleted once stored; after a crash or a kill the next start stores what is left, once (docs/redirect.md).',
  }),
  CLICK_JOURNAL_MAX_MB: Type.Integer({
    default: 1024,
    minimum: 1,
    description:
      'Most megabytes the journal may take while the database is away (about 2,500 clicks a megabyte); past it clicks are still redirected but dropped, counted and logged.',
  }),
  CLICK_BATCH_CAP: Type.Integer({
    default: 100_000,
    minimum: 1,
    description:
      "Most unwritten clicks (and page views) held in memory while the database is unreachable; more clicks wait in the journal on disk only, more page views are dropped, counted and logged. While the journal's disk is full or unwritable, clicks are held here instead, and past it dropped and counted.",
  }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 0,
    description:
      'How long a shutdown may take in all (finishing requests, writing the last clicks), in milliseconds; the process is gone within a second more whatever clients and the database do. Clicks not written by then stay in the journal.',
  }),
};

export const counting = {
  CLICK_BUDGET_PER_MINUTE: Type.Integer({
    default: 20,
    minimum: 0,
    description:
      '/go/ is never refused. Each visitor (the daily visitor hash) counts at most this many human clicks in any minute; clicks past it still redirect and are stored with over_budget set, never as human clicks (0 = no budget).',
  }),
  PAGE_VIEW_BUDGET_PER_MINUTE: Type.Integer({
    default: 30,
    minimum: 0,
    description:
      'Page views likewise: each visitor counts at most this many in any minute; the rest are stored with over_budget set and never counted (0 = no budget).',
  }),
  GEO_COUNTRY_HEADER: Type.Optional(
    Type.String({
      pattern: '^\\s*[A-Za-z0-9-]+\\s*$',
      accepts: 'a header name such as cf-ipcountry',
      description:
        "The request header your CDN puts the visitor's country in, e.g. cf-ipcountry (Cloudflare) or cloudfront-viewer-country (CloudFront). Only set it when such a proxy is in front and strips the header from clients: routing rules by country (data/README.md, Smart links) match only with it.",
    }),
  ),
  LINK_CHECK_INTERVAL_HOURS: Type.Integer({
    default: 0,
    minimum: 0,
    description: 'Hours between runs of the outbound link check in the service (vpnsite links report, GET /api/links); 0 = never.',
  }),
  LINK_FAILOVER_REFRESH_MS: Type.Integer({
    default: 60_000,
    minimum: 100,
    description: 'Milliseconds between reads of the stored link checks, which tell the service which affiliate links fail over.',
  }),
};

export const publishing = {
  SCHEDULED_BUILDS: Type.Boolean({
    default: false,
    accepts: '1 (on) or 0 (off)',
    description:
      '1: publish on the clock. `vpnsite serve` builds the site again at each publishAt and expiresAt in dist/_schedule.json (ahead of time, into a directory beside dist, swapped in at the moment), and serves it without a restart; a failed build leaves dist as it was. Instances sharing one dist build it once (docs/deploy.md).',
  }),
};
