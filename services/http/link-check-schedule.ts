/**
 * `vpnsite serve` runs the link check every LINK_CHECK_INTERVAL_HOURS (off by default) and stores the results, which
 * `vpnsite links report` and GET /api/links read, on the schedule every such job keeps (due-job.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { scheduleDueJob, type DueJob } from './due-job.ts';
import { lastLinkCheck, saveLinkChecks, type Db } from '../db/index.ts';
import { checkLinks, type LinkToCheck } from '../links/health.ts';

export function scheduleLinkChecks(opts: {
  db: Db;
  hours: number;
  ready: () => boolean;
  links: () => readonly LinkToCheck[];
  log: FastifyBaseLogger;
  saved?: () => void;
}): DueJob {
  return scheduleDueJob({
    db: opts.db,
    name: 'link-check',
    what: 'link check',
    hours: opts.hours,
    ready: opts.ready,
    last: () => lastLinkCheck(opts.db),
    log: opts.log,
    run: async () => {
      const results = await checkLinks(opts.links());
      await saveLinkChecks(opts.db, results);
      opts.saved?.();
      const broken = results.filter((r) => !r.ok);
      const flagged = results.filter((r) => r.ok && r.problems.length);
      const summary = { links: results.length, broken: broken.length, withProblems: flagged.length };
      if (broken.length || flagged.length)
        opts.log.warn(
          { ...summary, problems: [...broken, ...flagged].map((r) => `${r.provider}/${r.link}: ${r.problems.join('; ')}`) },
          'link check: some outbound links are broken or lose their tracking',
        );
      else opts.log.info(summary, 'link check: every outbound link works');
    },
  });
}
