/** The redirect never depends on the database: with PostgreSQL stopped every click still gets its 302, and is written once it is back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService, useOwnPostgres } from '../helpers/service.ts';

describe('PostgreSQL down', () => {
  const own = useOwnPostgres();
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService('pg', {}, { databaseUrl: own.databaseUrl(), pgliteDir: '' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('answers 200 clicks with 302 while the server is stopped, then stores all 200', async () => {
    own.server().stop();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${svc.url}/go/nordvpn?from=/&placement=outage`, { redirect: 'manual' }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 302)).toHaveLength(200);
    // The balancer's check stays 200 (the redirects work); the monitoring check says the database is down.
    // Both answer from memory, which a background check refreshes every second.
    expect((await fetch(`${svc.url}/healthz`)).status).toBe(200);
    await expect.poll(async () => await (await fetch(`${svc.url}/healthz`)).json()).toEqual({ status: 'ok', db: 'down' });
    expect((await fetch(`${svc.url}/healthz/db`)).status).toBe(503);
    // At least one write has failed and backs off before the server returns.
    await expect.poll(() => svc.app.clickStats().failedWrites).toBeGreaterThan(0);
    own.server().start();
    expect(await svc.waitForCount('clicks', 200, "placement = 'outage'")).toBe(200);
    await expect.poll(async () => (await fetch(`${svc.url}/healthz/db`)).status).toBe(200);
  });
});
