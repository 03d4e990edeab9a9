/**
 * `vpnsite serve` runs the link check every LINK_CHECK_INTERVAL_HOURS (off by default) and stores the results, which
 * `vpnsite links report` and GET /api/links read. It looks every few minutes whether a run is due, judged by the
 * last stored run, so a restart does not run it again early; several instances on one database run it once between
 * them, whichever claims the job first.
 */
import type { FastifyBaseLogger } from 'fastify';
import { claimJob, lastLinkCheck, saveLinkChecks, type Db } from '../db/index.ts';
import { checkLinks, type LinkToCheck } from '../links/health.ts';

const LOOK_EVERY_MS = 5 * 60_000;

export function scheduleLinkChecks(opts: {
  db: Db;
  hours: number;
  ready: () => boolean;
  links: () => readonly LinkToCheck[];
  log: FastifyBaseLogger;
  saved?: () => void;
}): { stop: () => Promise<void>; poke: () => void } {
  if (opts.hours <= 0) return { stop: async () => {}, poke: () => {} };
  const interval = opts.hours * 3600_000;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || !opts.ready()) return;
    running = (async () => {
      const last = await lastLinkCheck(opts.db);
      if (last !== null && Date.now() - last < interval) return;
      if (!(await claimJob(opts.db, 'link-check', interval * 0.9))) return;
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
    })()
      .catch((err: unknown) => opts.log.warn({ err }, 'the link check could not run; trying again later'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, Math.min(LOOK_EVERY_MS, interval));
  timer.unref();
  return {
    poke: tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
