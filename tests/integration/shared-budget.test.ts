/**
 * The per-visitor budgets shared through Redis: three instances on one PostgreSQL and one Redis count a visitor's
 * clicks and page views up to the budget once in total, however the balancer spreads them; a batch judged again
 * (a retry, a click read back from the journal) keeps its verdicts and counts nothing twice; with Redis frozen or
 * stopped, redirects still answer, every click is stored, and each instance's own count decides.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { redisBudget } from '../../services/http/redis-budget.ts';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import { createPgDatabase, startService, type RunningService } from '../helpers/service.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const silent = { warn: () => {}, info: () => {} };

describe('the budgets shared through Redis', () => {
  let redis: TestRedis;
  let instances: RunningService[] = [];
  beforeAll(async () => {
    const [r, databaseUrl] = await Promise.all([startTestRedis(), createPgDatabase(inject('databaseUrl'))]);
    redis = r;
    const env = { REDIS_URL: redis.url, TRUST_PROXY: 'true', CLICK_BUDGET_PER_MINUTE: '20', PAGE_VIEW_BUDGET_PER_MINUTE: '30' };
    // One database for the three: each instance its own pool, journal and Redis client, as separate machines have.
    const db = { databaseUrl, pgliteDir: '' };
    instances = await Promise.all([0, 1, 2].map(() => startService('pg', env, db)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((s) => s.close()));
    await redis?.stop();
  });

  const click = (svc: RunningService, ip: string, placement: string) =>
    fetch(`${svc.url}/go/nordvpn?placement=${placement}`, {
      redirect: 'manual',
      headers: { 'user-agent': DESKTOP, 'x-forwarded-for': ip },
    }).then((r) => r.status);
  const beacon = (svc: RunningService, ip: string) =>
    fetch(`${svc.url}/api/pv`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP, origin: svc.url, 'x-forwarded-for': ip },
      body: JSON.stringify({ path: '/vpn-deals', referrer: '' }),
    }).then((r) => r.status);
  /** Sends `n` requests round robin over the instances, ten at a time, as a balancer spreads one visitor. */
  const spread = async (n: number, send: (svc: RunningService) => Promise<number>) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i += 10)
      statuses.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, j) => send(instances[(i + j) % 3]!)))));
    return statuses;
  };
  const counts = async (table: string, where: string) => {
    const { rows } = await instances[0]!.db.query<{ over_budget: boolean; n: number }>(
      `SELECT over_budget, count(*)::int AS n FROM ${table} WHERE ${where} GROUP BY 1 ORDER BY 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.over_budget ? 'over' : 'counted', r.n]));
  };

  it("counts one visitor's clicks across the instances up to the budget once, and stores the rest flagged", async () => {
    const statuses = await spread(150, (svc) => click(svc, '198.51.100.20', 'shared'));
    expect(statuses.filter((s) => s === 302)).toHaveLength(150);
    await expect.poll(() => instances[0]!.count('clicks', "placement = 'shared'"), { timeout: 20_000 }).toBe(150);
    // Each instance alone would have counted 20: 60 in all.
    expect(await counts('clicks', "placement = 'shared'")).toEqual({ counted: 20, over: 130 });
  });

  it("counts one visitor's page views across the instances up to the budget once", async () => {
    const statuses = await spread(120, (svc) => beacon(svc, '198.51.100.21'));
    expect(statuses.filter((s) => s === 204)).toHaveLength(120);
    await expect.poll(() => instances[0]!.count('page_views'), { timeout: 20_000 }).toBe(120);
    expect(await counts('page_views', 'true')).toEqual({ counted: 30, over: 90 });
  });

  it('judges a batch asked about again as before, counting nothing twice', async () => {
    const budget = redisBudget(redis.url, silent);
    try {
      const at = Date.now();
      const visits = ['a', 'b', 'c', 'd'].map((id, i) => ({ visitor: 'replayed', id, at: at + i }));
      expect(await budget.over('clicks', 3, visits)).toEqual([false, false, false, true]);
      // The same clicks again (a retried batch, or a journal read back after a crash): the same verdicts.
      expect(await budget.over('clicks', 3, visits)).toEqual([false, false, false, true]);
      // A new click in the same minute is past the budget; one a minute after the first two is within it again.
      expect(await budget.over('clicks', 3, [{ visitor: 'replayed', id: 'e', at: at + 10 }])).toEqual([true]);
      expect(await budget.over('clicks', 3, [{ visitor: 'replayed', id: 'f', at: at + 60_001 }])).toEqual([false]);
      // Clicks and page views, and visitors, are counted apart.
      expect(await budget.over('views', 3, [{ visitor: 'replayed', id: 'a', at }])).toEqual([false]);
      expect(await budget.over('clicks', 3, [{ visitor: 'other', id: 'a', at }])).toEqual([false]);
    } finally {
      await budget.close();
    }
  });

  it('redirects and stores every click while Redis is frozen', async () => {
    redis.signal('SIGSTOP');
    try {
      const started = Date.now();
      const statuses = await spread(60, (svc) => click(svc, '198.51.100.23', 'frozen'));
      expect(statuses.filter((s) => s === 302)).toHaveLength(60);
      // Six rounds of requests; waiting on the frozen Redis would cost each its 2 s command timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
      // Stored while Redis is still frozen: a batch waits at most its command timeout, then each instance counts.
      await expect.poll(() => instances[0]!.count('clicks', "placement = 'frozen'"), { timeout: 20_000 }).toBe(60);
    } finally {
      redis.signal('SIGCONT');
    }
  });

  it('redirects and stores every click with Redis stopped, each instance counting on its own', async () => {
    await redis.stop();
    const started = Date.now();
    const statuses = await spread(150, (svc) => click(svc, '198.51.100.22', 'no-redis'));
    expect(statuses.filter((s) => s === 302)).toHaveLength(150);
    // No redirect waited on the missing Redis: fifteen rounds of its 2 s command timeout would take 30 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => instances[0]!.count('clicks', "placement = 'no-redis'"), { timeout: 20_000 }).toBe(150);
    const { counted } = await counts('clicks', "placement = 'no-redis'");
    // Each instance's own budget of 20.
    expect(counted).toBe(60);
  });
});
