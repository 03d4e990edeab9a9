/** With REDIS_URL, instances behind one load balancer share the rate-limit counters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import { startService, type RunningService } from '../helpers/service.ts';

describe('rate limits in Redis', () => {
  let redis: TestRedis;
  let a: RunningService;
  let b: RunningService;
  beforeAll(async () => {
    redis = await startTestRedis();
    a = await startService('pglite', { TRUST_PROXY: 'true', REDIS_URL: redis.url });
    b = await startService('pglite', { TRUST_PROXY: 'true', REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  const subscribe = (svc: RunningService, i: number) =>
    fetch(`${svc.url}/api/newsletter-subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.7' },
      body: JSON.stringify({ email: `shared${i}@example.com` }),
    });

  it('counts a visitor across instances: 5 posts split over two, then 429 on either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await subscribe(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await subscribe(a, 5)).status).toBe(429);
    expect((await subscribe(b, 6)).status).toBe(429);
  });
});
