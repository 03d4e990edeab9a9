/** GET /api/clicks against both databases: token paths (none configured, missing, wrong, right), JSON and CSV figures, limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClicks, KNOWN_CLICKS } from '../helpers/clicks.ts';
import { DB_KINDS, startService, type RunningService } from '../helpers/service.ts';

const TOKEN = 'c0ffee-analytics-token-0123456789abcdef';
const QUERY = '/api/clicks?by=provider&by=day&since=2026-11-19&until=2026-11-21';

describe.each(DB_KINDS)('GET /api/clicks on %s', (kind) => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService(kind, { STATS_TOKEN: TOKEN, STATS_RATE_LIMIT: '1000', CLICK_ROLLUP_REFRESH_SECONDS: '0' });
    await insertClicks(svc.db, KNOWN_CLICKS);
  });
  afterAll(() => svc.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } });

  it('answers 401 without a token or with a wrong one, and tells nothing else', async () => {
    for (const authorization of ['', 'Bearer', `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await fetch(`${svc.url}/api/clicks?by=nonsense`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="clicks"');
      expect(await res.json()).toEqual({ error: 'A valid Authorization: Bearer token is required.' });
    }
  });

  it('returns the report as a JSON array with the right token', async () => {
    const res = await get(QUERY);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual([
      { provider: 'nordvpn', day: '2026-11-19', clicks: 1, uniques: 1 },
      { provider: 'nordvpn', day: '2026-11-20', clicks: 3, uniques: 2 },
      { provider: 'protonvpn', day: '2026-11-21', clicks: 1, uniques: 1 },
      { provider: 'surfshark', day: '2026-11-20', clicks: 1, uniques: 1 },
    ]);
  });

  it('returns CSV for Accept: text/csv, with bots when asked', async () => {
    const res = await get('/api/clicks?by=day&since=2026-11-20&until=2026-11-22&include-bots=true', { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(await res.text()).toBe('day,clicks,uniques,bot_clicks\r\n"2026-11-20",4,2,2\r\n"2026-11-21",1,1,0\r\n"2026-11-22",1,1,0\r\n');
  });

  it('answers 400 with the CLI wording for a bad parameter', async () => {
    expect(await (await get('/api/clicks?by=continent')).json()).toEqual({
      error: 'unknown --by value "continent": use provider, day, page, placement, destination, variant, country, device',
    });
    const bad = await get('/api/clicks?since=2026-13-01');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('--since must be a date written YYYY-MM-DD');
    expect((await get('/api/clicks?limit=5')).status).toBe(400);
  });
});

describe('GET /api/clicks without STATS_TOKEN, and its rate limit', () => {
  it('is disabled (404) when no token is configured', async () => {
    const svc = await startService('pg');
    try {
      const res = await fetch(`${svc.url}/api/clicks`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      // The dashboard asks this first, without a token, and says at once that the API is off.
      expect(await (await fetch(`${svc.url}/api/stats/status`)).json()).toEqual({ api: 'off' });
    } finally {
      await svc.close();
    }
  });

  it('answers 429 past STATS_RATE_LIMIT requests a minute, wrong tokens included', async () => {
    const svc = await startService('pg', { STATS_TOKEN: TOKEN, STATS_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (const token of ['wrong-token-guess-1', 'wrong-token-guess-2', TOKEN, TOKEN]) {
        statuses.push((await fetch(`${svc.url}/api/clicks`, { headers: { authorization: `Bearer ${token}` } })).status);
      }
      expect(statuses).toEqual([401, 401, 200, 429]);
    } finally {
      await svc.close();
    }
  });

  it('counts a client across every stats route, and each client apart', async () => {
    const svc = await startService('pg', { STATS_TOKEN: TOKEN, STATS_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    try {
      const get = (path: string, ip: string) =>
        fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': ip } }).then((r) => r.status);
      const one = [];
      for (const path of ['/api/stats/status', '/api/clicks', '/api/links', '/api/stats']) one.push(await get(path, '192.0.2.1'));
      expect(one).toEqual([200, 200, 200, 429]);
      // Another client has its own count; one in the same IPv6 /64 shares it.
      expect(await get('/api/stats', '192.0.2.2')).toBe(200);
      for (let i = 0; i < 3; i++) expect(await get('/api/links', `2001:db8:1:2::${i + 1}`)).toBe(200);
      expect(await get('/api/links', '2001:db8:1:2:ffff::9')).toBe(429);
      expect(await get('/api/links', '2001:db8:1:3::1')).toBe(200);
    } finally {
      await svc.close();
    }
  });

  it('refuses a token too short to be safe at start-up', async () => {
    await expect(startService('pg', { STATS_TOKEN: 'short' })).rejects.toThrow('STATS_TOKEN must be at least 16 characters');
  });
});
