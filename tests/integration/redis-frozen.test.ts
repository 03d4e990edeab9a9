/**
 * A Redis that is frozen (SIGSTOP: its connections stay open and nothing answers) holds no request: every form,
 * postback and API call answers within the Redis timeout and what was posted is stored, as when Redis is down. The
 * service says so once, not once a request.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import { spawnServe, stop, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase } from '../helpers/service.ts';

const TOKEN = 'stats-token-for-the-frozen-redis-test';
const SECRET = 'postback-secret-of-the-frozen-test';
/** Far above the Redis timeout (500 ms) and far below the forty seconds a request waited without one. */
const ANSWER_WITHIN_MS = 5_000;

describe('a frozen Redis', () => {
  let redis: TestRedis;
  let svc: ServeProcess;
  let db: pg.Client;
  beforeAll(async () => {
    redis = await startTestRedis();
    const databaseUrl = await createPgDatabase(inject('databaseUrl'));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    svc = await spawnServe({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      STATS_TOKEN: TOKEN,
      POSTBACK_SECRETS: `impact:${SECRET}`,
      FORM_RATE_LIMIT: '100',
      LOG_FORMAT: 'json',
    });
    for (let i = 0; i < 600 && (await fetch(`${svc.url}/healthz/db`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    if (svc) await stop(svc);
    await db?.end();
    await redis?.stop();
  });

  const count = async (sql: string) => Number((await db.query(sql)).rows[0].n);
  /** The status and how long the answer took. */
  const timed = async (path: string, init: RequestInit = {}) => {
    const start = performance.now();
    const res = await fetch(`${svc.url}${path}`, { redirect: 'manual', ...init, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start };
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = (body: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: svc.url },
    body: new URLSearchParams(body).toString(),
  });
  const bearer = { headers: { authorization: `Bearer ${TOKEN}` } };
  const postback = (txid: string) =>
    `/api/conversions?network=impact&click_id=1&txid=${txid}&amount=10.00&currency=USD&status=approved&token=${SECRET}`;

  it('answers every form, postback and API call in time, and stores what was posted', async () => {
    // Redis is reached and counting before it freezes.
    expect((await timed('/api/newsletter-subscribe', json({ email: 'before@example.com' }))).status).toBe(200);
    redis.signal('SIGSTOP');
    const answers = [
      ['newsletter (JSON)', await timed('/api/newsletter-subscribe', json({ email: 'frozen1@example.com' })), 200],
      ['newsletter (form)', await timed('/api/newsletter-subscribe', form({ email: 'frozen2@example.com' })), 303],
      ['contact (JSON)', await timed('/api/contact-form', json({ name: 'Ann', email: 'ann@example.com', message: 'one' })), 200],
      ['contact (form)', await timed('/api/contact-form', form({ name: 'Bob', email: 'bob@example.com', message: 'two' })), 303],
      ['postback (GET)', await timed(postback('F1')), 200],
      ['postback (POST)', await timed(postback('F2'), { method: 'POST' }), 200],
      ['/api/clicks', await timed('/api/clicks', bearer), 200],
      ['/api/stats', await timed('/api/stats', bearer), 200],
      ['/api/links', await timed('/api/links', bearer), 200],
      ['/go/', await timed('/go/nordvpn'), 302],
    ] as const;
    for (const [what, answer, status] of answers) {
      expect(answer.status, what).toBe(status);
      expect(answer.ms, what).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Stored while Redis stays frozen.
    expect(
      (await count("SELECT count(*) AS n FROM newsletter_signups WHERE email IN ('frozen1@example.com', 'frozen2@example.com')")) +
        (await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE email IN ('frozen1@example.com', 'frozen2@example.com')")),
    ).toBe(2);
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE message IN ('one', 'two')")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM conversions WHERE txid IN ('F1', 'F2')")).toBe(2);
    for (let i = 0; i < 200 && (await count('SELECT count(*) AS n FROM clicks')) < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await count('SELECT count(*) AS n FROM clicks')).toBe(1);

    // Many more requests meanwhile: one warning, not one each.
    for (let i = 0; i < 20; i++)
      expect((await timed('/api/contact-form', json({ name: 'C', email: 'c@example.com', message: `m${i}` }))).ms).toBeLessThan(
        ANSWER_WITHIN_MS,
      );
    const warnings = svc
      .output()
      .split('\n')
      .filter((l) => l.includes('Redis did not answer the rate limiter in time'));
    expect(warnings.length).toBe(1);
  }, 120_000);
});
