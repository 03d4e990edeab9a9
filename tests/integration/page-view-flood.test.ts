/**
 * Page views from one address that names a new user agent on every beacon: the budget holds per address (an IPv6
 * address's /64) all the same, and past the hard limit beacons are not stored at all, only counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARD_LIMIT } from '../../services/views/recorder.ts';
import { startService, type RunningService } from '../helpers/service.ts';

const BUDGET = 5;

describe('page views with a new user agent on every beacon', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService('pg', { PAGE_VIEW_BUDGET_PER_MINUTE: String(BUDGET), TRUST_PROXY: 'true' });
  });
  afterAll(() => svc?.close());

  let n = 0;
  const beacon = (ip: string) =>
    fetch(`${svc.url}/api/pv`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: svc.url,
        'x-forwarded-for': ip,
        // A browser's user agent, a new version each time.
        'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/${100 + n++}.0 Safari/537.36`,
      },
      body: JSON.stringify({ path: '/', referrer: '' }),
    }).then((r) => r.status);

  it('counts the budget per address, stores at most the hard limit, and counts the rest as dropped', async () => {
    for (let i = 0; i < 40; i++) expect(await beacon('198.51.100.7')).toBe(204);
    const stored = BUDGET * HARD_LIMIT;
    expect(await svc.waitForCount('page_views', stored)).toBe(stored);
    expect(await svc.count('page_views', 'NOT over_budget')).toBe(BUDGET);
    expect(svc.app.pageViewsDropped()).toBe(40 - stored);
  });

  it('holds an IPv6 /64 as one address, and another address apart', async () => {
    const before = await svc.count('page_views');
    for (let i = 0; i < 12; i++) await beacon(`2001:db8:7:7::${i + 1}`);
    await beacon('198.51.100.8');
    expect(await svc.waitForCount('page_views', before + BUDGET * HARD_LIMIT + 1)).toBe(before + BUDGET * HARD_LIMIT + 1);
    expect(await svc.count('page_views', 'NOT over_budget')).toBe(BUDGET * 2 + 1);
    expect(svc.app.pageViewsDropped()).toBe(40 - BUDGET * HARD_LIMIT + 12 - BUDGET * HARD_LIMIT);
  });
});
