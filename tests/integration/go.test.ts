/** GET /go/<slug> against both databases: redirect, open-redirect attempts, what counts, and what is stored. */
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startService, type RunningService } from '../helpers/service.ts';

// Every provider slug; affiliate links where the content has one, else the provider's own site, and a discontinued
// provider's review on the site.
const EXPECTED: Record<string, string> = {
  nordvpn: 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352',
  surfshark: 'https://get.surfshark.net/aff_c?offer_id=926&aff_id=18740',
  tunnelbear: 'https://www.tunnelbear.com/?utm_source=affiliate&utm_campaign=aff_id_20714',
  cyberghost: 'https://www.cyberghostvpn.com',
  'private-internet-access': 'https://www.privateinternetaccess.com',
  protonvpn: 'https://protonvpn.com',
  ipvanish: 'https://www.ipvanish.com',
  'atlas-vpn': '/vpn-reviews/atlas-vpn',
  expressvpn: 'https://www.expressvpn.com',
};
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A raw request, so paths reach the server exactly as written (fetch would normalise them). */
function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  agent?: Agent,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, agent, headers: { 'user-agent': CHROME, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(DB_KINDS)('/go/ on %s', (kind) => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService(kind);
  });
  afterAll(() => svc.close());

  it('redirects every provider with a 302, no-store and noindex, to its content URL', async () => {
    for (const [slug, target] of Object.entries(EXPECTED)) {
      const res = await raw(svc.url, `/go/${slug}?notrack=1`);
      expect(res.status, slug).toBe(302);
      expect(res.headers.location, slug).toBe(target);
      expect(res.headers['cache-control'], slug).toBe('no-store');
      expect(res.headers['x-robots-tag'], slug).toBe('noindex, nofollow');
    }
    expect(await svc.waitForCount('clicks', 0)).toBe(0);
  });

  it('answers unknown slugs and smuggled targets with a 404 and records nothing', async () => {
    const attempts = [
      '/go/expresvpn',
      '/go/https:%2F%2Fevil.example',
      '/go/https%3A%2F%2Fevil.example%2F',
      '/go/..%2f',
      '/go/..%2F..%2Fetc%2Fpasswd',
      '/go/%2F%2Fevil.example',
      '/go/nordvpn%0d%0aLocation:%20https:%2F%2Fevil.example',
      '/go/nordvpn%2F..%2F..%2Fevil',
      '/go/nordvpn%00',
      '/go/nordvpn/zzz',
      '/go/nordvpn/https:%2F%2Fevil.example',
      '/go/nordvpn/windows%0d%0aLocation:%20https:%2F%2Fevil.example',
      '/go/nordpvn/windows',
      '/go/nordvpn/windows/extra',
    ];
    for (const path of attempts) {
      const res = await raw(svc.url, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
    }
    // Header tricks cannot move the target: Location is always the content URL.
    const tricked = await raw(svc.url, '/go/nordvpn?notrack=1', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-original-url': '/go/https://evil.example',
    });
    expect(tricked.headers.location).toBe(EXPECTED.nordvpn);
    expect(await svc.waitForCount('clicks', 0)).toBe(0);
  });

  it('counts a person, stores a bot as a bot, and leaves HEAD, prefetch and notrack out', async () => {
    const before = await svc.count('clicks');
    expect((await raw(svc.url, '/go/surfshark', {}, 'HEAD')).status).toBe(302);
    expect((await raw(svc.url, '/go/surfshark', { purpose: 'prefetch' })).status).toBe(302);
    expect((await raw(svc.url, '/go/surfshark', { 'sec-purpose': 'prefetch;prerender' })).status).toBe(302);
    expect((await raw(svc.url, '/go/surfshark?notrack=1')).status).toBe(302);
    expect(
      (await raw(svc.url, '/go/surfshark', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))
        .status,
    ).toBe(302);
    expect((await raw(svc.url, '/go/surfshark')).status).toBe(302);
    expect(await svc.waitForCount('clicks', before + 2)).toBe(before + 2);
    expect(await svc.count('clicks', "provider = 'surfshark' AND is_bot")).toBe(1);
    expect(await svc.count('clicks', "provider = 'surfshark' AND NOT is_bot")).toBe(1);
  });

  it('stores a registered from path and a slug placement, and null for anything else', async () => {
    await raw(svc.url, '/go/tunnelbear?from=/&placement=comparison-card');
    await raw(svc.url, '/go/tunnelbear?from=https://evil.example/&placement=%3Cscript%3E');
    await raw(svc.url, `/go/tunnelbear?from=/no-such-page&placement=${'a'.repeat(41)}`);
    await raw(svc.url, '/go/tunnelbear?from=/&from=/x&placement=a&placement=b');
    await svc.waitForCount('clicks', 4, "provider = 'tunnelbear'");
    const { rows } = await svc.db.query<{ from_path: string | null; placement: string | null }>(
      "SELECT from_path, placement FROM clicks WHERE provider = 'tunnelbear' ORDER BY id",
    );
    expect(rows).toEqual([
      { from_path: '/', placement: 'comparison-card' },
      { from_path: null, placement: null },
      { from_path: null, placement: null },
      { from_path: null, placement: null },
    ]);
  });

  it('crops the user agent and referrer, and stores a daily-salted hash instead of the IP', async () => {
    const ua = `${CHROME} ${'x'.repeat(600)}`;
    const referrer = `https://www.example.com/${'r'.repeat(2000)}`;
    await raw(svc.url, '/go/protonvpn', { 'user-agent': ua, referer: referrer });
    await svc.waitForCount('clicks', 1, "provider = 'protonvpn'");
    const { rows } = await svc.db.query<Record<string, string>>("SELECT * FROM clicks WHERE provider = 'protonvpn'");
    const row = rows[0]!;
    expect(row.user_agent).toBe(ua.slice(0, 512));
    expect(row.referrer).toBe(referrer.slice(0, 1024));
    const salts = await svc.db.query<{ day: string; salt: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, salt FROM visitor_salts");
    expect(salts.rows.map((s) => s.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    const expected = createHash('sha256')
      .update(`${salts.rows[0]!.salt}\n127.0.0.1\n${ua.slice(0, 512)}`)
      .digest('hex');
    expect(row.visitor_hash).toBe(expected);
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
  });

  it('stores quotes, backslashes, braces and Latin-1 in the user agent and referrer exactly as sent', async () => {
    const ua = `${CHROME} "quoted" \\back\\slash {"json": [1]} caf\u00e9 \u00ff`;
    const referrer = 'https://www.example.com/?q="x"&r=\\y\'z';
    await raw(svc.url, '/go/cyberghost?placement=odd-text', { 'user-agent': ua, referer: referrer });
    await svc.waitForCount('clicks', 1, "placement = 'odd-text'");
    const { rows } = await svc.db.query<{ user_agent: string; referrer: string }>(
      "SELECT user_agent, referrer FROM clicks WHERE placement = 'odd-text'",
    );
    expect(rows).toEqual([{ user_agent: ua, referrer }]);
  });

  it('leaves exactly 1,000 human rows after 1,000 concurrent clicks', async () => {
    // All sent at once, over 50 connections: a thousand connections at once overflowed the listen backlog on a busy
    // machine, which is a test of the kernel, not of the redirect.
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => raw(svc.url, '/go/ipvanish?from=/&placement=load', {}, 'GET', agent)),
    ).finally(() => agent.destroy());
    expect(results.filter((r) => r.status === 302)).toHaveLength(1000);
    expect(await svc.waitForCount('clicks', 1000, "provider = 'ipvanish' AND NOT is_bot")).toBe(1000);
    const ids = await svc.db.query<{ n: number }>("SELECT count(DISTINCT id)::int AS n FROM clicks WHERE provider = 'ipvanish'");
    expect(ids.rows[0]!.n).toBe(1000);
  });

  it('answers /healthz with the database up', async () => {
    const res = await fetch(`${svc.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'up' });
  });

  // Last: the tests above count every click of the providers it clicks.
  it('redirects a named link to its own URL, or to the website when the provider has none by that name, and records which', async () => {
    const cases: [path: string, location: string, destination: string, paid: boolean][] = [
      // NordVPN and Surfshark take deep links (deepLink: url): their named links go through the affiliate link, paid.
      ['/go/nordvpn/windows', `${EXPECTED.nordvpn}&url=${encodeURIComponent('https://nordvpn.com/download/windows/')}`, 'windows', true],
      ['/go/nordvpn/router', `${EXPECTED.nordvpn}&url=${encodeURIComponent('https://nordvpn.com/ovpn/')}`, 'router', true],
      ['/go/surfshark/windows', `${EXPECTED.surfshark}&url=${encodeURIComponent('https://surfshark.com')}`, 'website', true],
      ['/go/tunnelbear/website', 'https://www.tunnelbear.com', 'website', false],
      ['/go/nordvpn', EXPECTED.nordvpn!, 'affiliate', true],
      ['/go/cyberghost', EXPECTED.cyberghost!, 'website', false],
      // Atlas VPN has shut down: every link of it leads to its review, and no such click can earn.
      ['/go/atlas-vpn', '/vpn-reviews/atlas-vpn', 'review', false],
      ['/go/atlas-vpn/windows', '/vpn-reviews/atlas-vpn', 'review', false],
    ];
    for (const [path, location, destination] of cases) {
      const res = await raw(svc.url, `${path}?from=/&placement=named-${destination}`);
      expect(res.status, path).toBe(302);
      // The sub-ID is the click's id, checked in money-loop.test.ts; here, where the link goes.
      expect(String(res.headers.location).replace(/&(aff_sub|subid)=\d+/, ''), path).toBe(location);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    await svc.waitForCount('clicks', cases.length, "placement LIKE 'named-%'");
    const { rows } = await svc.db.query<{ provider: string; destination: string; paid: boolean }>(
      "SELECT provider, destination, paid FROM clicks WHERE placement LIKE 'named-%' ORDER BY id",
    );
    expect(rows).toEqual(cases.map(([path, , destination, paid]) => ({ provider: path.split('/')[2], destination, paid })));
  });
});

describe('/go/ under a flood from one visitor', () => {
  let svc: RunningService;
  beforeAll(async () => {
    // A Redis that is not there: the forms' counters would live in it, but /go/ never waits on it.
    svc = await startService('pglite', { CLICK_BUDGET_PER_MINUTE: '20', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => svc.close());

  it('answers 2,000 requests from one client with 2,000 302s, stores them all, and counts only the budget as human', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        ...(await Promise.all(Array.from({ length: 100 }, () => raw(svc.url, '/go/nordvpn?placement=flood').then((r) => r.status)))),
      );
    expect(statuses.filter((s) => s === 302)).toHaveLength(2000);
    expect(await svc.waitForCount('clicks', 2000, "placement = 'flood'")).toBe(2000);
    expect(await svc.count('clicks', "placement = 'flood' AND NOT is_bot AND NOT over_budget")).toBeLessThanOrEqual(20);
    expect(await svc.count('clicks', "placement = 'flood' AND NOT is_bot AND NOT over_budget")).toBeGreaterThan(0);
    // Another visitor (another user agent) has a budget of its own.
    expect((await raw(svc.url, '/go/nordvpn?placement=flood', { 'user-agent': `${CHROME} other` })).status).toBe(302);
    expect(await svc.waitForCount('clicks', 1, "placement = 'flood' AND user_agent LIKE '%other' AND NOT over_budget")).toBe(1);
  });
});
