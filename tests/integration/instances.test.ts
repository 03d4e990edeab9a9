/**
 * Several instances on one PostgreSQL and one Redis, as real processes: a rolling restart (SIGTERM one instance at a
 * time, under load, with the test as the load balancer) loses no click and no form, and every confirmation mail
 * reaches the loopback SMTP server exactly once.
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import { spawnServe, stop, type ServeProcess } from '../helpers/serve-process.ts';
import { startInbox, type Inbox } from '../helpers/smtp.ts';
import { createPgDatabase } from '../helpers/service.ts';

/** One request; the status, or 0 when the connection was refused or cut (the balancer then tries another instance). */
function send(url: string, agent: Agent, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

describe('three instances on one PostgreSQL and one Redis', () => {
  let redis: TestRedis;
  let inbox: Inbox;
  let databaseUrl: string;
  beforeAll(async () => {
    [redis, inbox, databaseUrl] = await Promise.all([startTestRedis(), startInbox(), createPgDatabase(inject('databaseUrl'))]);
  });
  afterAll(async () => {
    await redis?.stop();
    await inbox?.stop();
  });

  it('restarted one at a time under load, they lose no click and no form, and send each mail once', { timeout: 600_000 }, async () => {
    const envFor = (i: number) => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'VPN Compass <news@example.com>',
      MAIL_LINK_SECRET: 'a'.repeat(40),
      FORM_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      CLICK_JOURNAL_DIR: journals[i]!,
    });
    const journals = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'vpnsite-journal-')));
    const instances: (ServeProcess | null)[] = await Promise.all([0, 1, 2].map((i) => spawnServe(envFor(i), '/healthz/db')));

    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    let turn = 0;
    /** Round robin over the instances that are up, trying the next one when an instance does not answer. */
    const balanced = async (path: string, body?: string): Promise<number> => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const up = instances.filter((s) => s !== null);
        const svc = up[turn++ % up.length];
        if (svc) {
          const status = await send(`${svc.url}${path}`, agent, body);
          if (status !== 0) return status;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return 0;
    };
    let clicks = 0;
    const forms: string[] = [];
    const failures: string[] = [];
    let running = true;
    // Six visitors clicking every 10 ms, hundreds of clicks a second across the restarts, rather than a closed loop
    // that would take the CPU the restarting instances need.
    const clicker = async () => {
      while (running) {
        const status = await balanced('/go/surfshark?placement=rolling');
        if (status === 302) clicks++;
        else failures.push(`GET /go/ answered ${status}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    let n = 0;
    // Paced and bounded, so the sign-ups span the restarts and their mails go out in a few seconds.
    const subscriber = async () => {
      while (running && n < 60) {
        await new Promise((r) => setTimeout(r, 300));
        const email = `rolling-${n++}@example.com`;
        const status = await balanced('/api/newsletter-subscribe', JSON.stringify({ email }));
        if (status === 200) forms.push(email);
        else failures.push(`sign-up answered ${status}`);
      }
    };
    const load = Promise.all([...Array.from({ length: 6 }, clicker), ...Array.from({ length: 2 }, subscriber)]);

    /** Waits until the load has had `k` clicks answered, however slow the machine. */
    const atLeast = (f: () => number, k: number) => expect.poll(f, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(k);
    for (let i = 0; i < 3; i++) {
      await atLeast(() => clicks, 200 * (i + 1));
      const old = instances[i]!;
      instances[i] = null;
      const { code } = await stop(old);
      expect(code, old.output()).toBe(0);
      instances[i] = await spawnServe(envFor(i), '/healthz/db');
    }
    await atLeast(() => clicks, 800);
    running = false;
    await load;
    agent.destroy();
    for (const svc of instances) expect((await stop(svc!)).code, svc!.output()).toBe(0);

    expect(failures).toEqual([]);
    expect(forms.length).toBeGreaterThan(10);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const stored = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM clicks WHERE placement = 'rolling'");
      expect(stored.rows[0]!.n).toBe(clicks);
      // Every sign-up answered 200 is stored; the instances that were stopped worked them before they went or left them to the others.
      const signedUp = await client.query<{ email: string }>(
        'SELECT email FROM newsletter_signups UNION ALL SELECT email FROM newsletter_subscribers',
      );
      expect(signedUp.rows.map((r) => r.email).sort()).toEqual([...forms].sort());
    } finally {
      await client.end();
    }

    // The outbox is worked by whichever instance takes a mail: start them again and wait for every confirmation.
    const last = await Promise.all([0, 1, 2].map((i) => spawnServe(envFor(i), '/healthz/db')));
    const pending = new pg.Client({ connectionString: databaseUrl });
    await pending.connect();
    try {
      await Promise.all(
        forms.map((email) => inbox.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(`"${email}"`), 120_000)),
      );
      // Done when nothing is left to send: every sign-up worked into a subscriber and no mail queued, or held by a
      // sender, for a try. Then the instances stop, each finishing what it is sending, and only then are mails counted.
      await expect
        .poll(
          async () => {
            const { rows } = await pending.query<{ signups: number; queued: number }>(
              "SELECT (SELECT count(*)::int FROM newsletter_signups) AS signups, (SELECT count(*)::int FROM mail_outbox WHERE state = 'queued') AS queued",
            );
            return rows[0];
          },
          { timeout: 120_000, interval: 100 },
        )
        .toEqual({ signups: 0, queued: 0 });
    } finally {
      for (const svc of last) await stop(svc);
      await pending.end();
    }
    const recipients = inbox.received.flatMap((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).flatMap((t) => t?.value.map((v) => v.address) ?? []),
    );
    expect(recipients.sort()).toEqual([...forms].sort());
  });
});
