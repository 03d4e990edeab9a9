/**
 * Smart outbound links through the service, on PostgreSQL: each kind of rule with the
 * Location it answers and the row it stores, rule order, the country header ignored unless configured, an 80/20
 * split over 1,000 distinct visitors, and the reports by variant, country and device. How evenly the split spreads
 * 10,000 visitors is the decision's own test (tests/unit/smart-link-rules.test.ts); here it is the service that must
 * tell its visitors apart.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickReport } from '../../services/db/index.ts';
import { DB_KINDS, startService, type RunningService } from '../helpers/service.ts';

const TODAY = new Date().toISOString().slice(0, 10);
const VISITORS = 1000;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';

/** The real content, with rules on NordVPN and a split on Surfshark. */
function routedContent(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'vpnsite-smart-links-')), 'data');
  cpSync('data', dir, { recursive: true });
  // Without deep links, so that each rule's link is its own URL.
  for (const slug of ['nordvpn', 'surfshark']) {
    const file = join(dir, 'providers', `${slug}.yaml`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^deepLink: .*\n/m, ''));
  }
  const nord = join(dir, 'providers', 'nordvpn.yaml');
  writeFileSync(
    nord,
    readFileSync(nord, 'utf8').replace(
      'links:\n',
      'links:\n  promo: "https://go.nordvpn.net/aff_c?offer_id=99&aff_id=41352&aff_sub={click_id}"\n',
    ),
  );
  appendFileSync(
    nord,
    `rules:
  - when: { country: [DE, AT, CH] }
    to: website
  - when: { device: [ios, android] }
    to: promo
  - when: { from: ${TODAY}, until: ${TODAY} }
    to: windows
`,
  );
  const surf = join(dir, 'providers', 'surfshark.yaml');
  writeFileSync(surf, readFileSync(surf, 'utf8').replace('links:\n', 'links:\n  promo: "https://surfshark.com/deal/black-friday"\n'));
  appendFileSync(surf, 'split:\n  - { to: affiliate, weight: 80 }\n  - { to: promo, weight: 20 }\n');
  return dir;
}

describe.each(DB_KINDS)('smart links on %s', (kind) => {
  let svc: RunningService;
  let plain: RunningService;
  beforeAll(async () => {
    const data = routedContent();
    svc = await startService(kind, { VPNSITE_DATA_DIR: data, TRUST_PROXY: 'true', GEO_COUNTRY_HEADER: 'CF-IPCountry' });
    plain = await startService(kind, { VPNSITE_DATA_DIR: data, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await svc?.close();
    await plain?.close();
  });

  const go = async (s: RunningService, path: string, headers: Record<string, string>) => {
    const res = await fetch(`${s.url}${path}`, { redirect: 'manual', headers });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };
  type Row = { destination: string; variant: string | null; country: string | null; device: string; paid: boolean };
  const lastRow = async (s: RunningService, ip: string) => {
    const before = Date.now();
    let row: Row | undefined;
    await expect
      .poll(async () => {
        row = (
          await s.db.query<Row>(`SELECT destination, variant, country, device, paid FROM clicks WHERE referrer = $1`, [
            `https://t.example/${ip}`,
          ])
        ).rows[0];
        return row !== undefined || Date.now() - before > 30_000;
      })
      .toBe(true);
    return row!;
  };
  const click = async (s: RunningService, ip: string, ua: string, extra: Record<string, string> = {}) => {
    const location = await go(s, '/go/nordvpn', { 'x-forwarded-for': ip, 'user-agent': ua, referer: `https://t.example/${ip}`, ...extra });
    return { location, row: await lastRow(s, ip) };
  };

  it('routes each kind of rule, first match first, and stores what decided it', async () => {
    // A German on an iPhone: the country rule comes first.
    const de = await click(svc, '203.0.113.1', IPHONE, { 'cf-ipcountry': 'DE' });
    expect(de.location).toBe('https://nordvpn.com');
    expect(de.row).toEqual({ destination: 'website', variant: null, country: 'DE', device: 'ios', paid: false });
    // Elsewhere on an iPhone: the device rule, with the click id filled into the link's sub-ID.
    const ios = await click(svc, '203.0.113.2', IPHONE, { 'cf-ipcountry': 'FR' });
    expect(ios.location).toMatch(/^https:\/\/go\.nordvpn\.net\/aff_c\?offer_id=99&aff_id=41352&aff_sub=\d+$/);
    // An offer on the affiliate network's own host is an affiliate link: paid.
    expect(ios.row).toEqual({ destination: 'promo', variant: null, country: 'FR', device: 'ios', paid: true });
    // A desktop today: the schedule.
    const desk = await click(svc, '203.0.113.3', DESKTOP, { 'cf-ipcountry': 'fr' });
    expect(desk.location).toBe('https://nordvpn.com/download/windows/');
    expect(desk.row).toEqual({ destination: 'windows', variant: null, country: 'FR', device: 'desktop', paid: false });
    // A named link is what the visitor asked for: no rule applies.
    expect(await go(svc, '/go/nordvpn/ios', { 'user-agent': DESKTOP, 'cf-ipcountry': 'DE' })).toBe('https://nordvpn.com/download/ios/');
  });

  it('ignores the country header unless GEO_COUNTRY_HEADER names it', async () => {
    const de = await click(plain, '203.0.113.4', IPHONE, { 'cf-ipcountry': 'DE' });
    expect(de.location).toMatch(/offer_id=99/);
    expect(de.row).toMatchObject({ destination: 'promo', country: null, device: 'ios' });
  });

  it('splits 80/20 over 1,000 visitors within 5 points, the same variant all day for each, and reports by variant', async () => {
    const visitors = Array.from({ length: VISITORS }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    const locations: string[] = [];
    for (let i = 0; i < visitors.length; i += 50) {
      locations.push(
        ...(await Promise.all(
          visitors.slice(i, i + 50).map((ip) => go(svc, '/go/surfshark', { 'x-forwarded-for': ip, 'user-agent': DESKTOP })),
        )),
      );
    }
    const promo = locations.filter((l) => l === 'https://surfshark.com/deal/black-friday').length;
    expect(promo / VISITORS).toBeGreaterThanOrEqual(0.15);
    expect(promo / VISITORS).toBeLessThanOrEqual(0.25);
    expect(locations.filter((l) => l.startsWith('https://get.surfshark.net/')).length).toBe(VISITORS - promo);
    // The same visitor again: the same variant.
    // Each click carries its own id in the sub-ID; the variant is the link without it.
    const variantOf = (l: string) => l.replace(/&aff_sub=\d+$/, '');
    for (const i of [0, 1, 2, 3, 4, 17, 99, 999])
      expect(variantOf(await go(svc, '/go/surfshark', { 'x-forwarded-for': visitors[i]!, 'user-agent': DESKTOP }))).toBe(
        variantOf(locations[i]!),
      );

    await svc.waitForCount('clicks', VISITORS + 8, "provider = 'surfshark'");
    const report = await clickReport(svc.db, { by: ['provider', 'variant'], since: TODAY, until: TODAY, includeBots: false });
    const surf = report.rows.filter((r) => r.provider === 'surfshark');
    const byVariant = Object.fromEntries(surf.map((r) => [r.variant, r.clicks]));
    const again = [0, 1, 2, 3, 4, 17, 99, 999].filter((i) => locations[i]!.includes('black-friday')).length;
    expect(byVariant).toEqual({ affiliate: VISITORS - promo + 8 - again, promo: promo + again });
    // The same from the raw rows, and from the rollup once refreshed.
    expect(
      (await clickReport(svc.db, { by: ['provider', 'variant'], since: TODAY, until: TODAY, includeBots: false }, 'raw')).rows,
    ).toEqual(report.rows);
    await svc.db.query('SELECT refresh_click_rollup($1::date)', [TODAY]);
    expect((await clickReport(svc.db, { by: ['provider', 'variant'], since: TODAY, until: TODAY, includeBots: false })).rows).toEqual(
      report.rows,
    );
    const byDevice = await clickReport(svc.db, { by: ['device'], since: TODAY, until: TODAY, includeBots: false });
    expect(byDevice.rows.map((r) => r.device).sort()).toEqual(['desktop', 'ios']);
    const byCountry = await clickReport(svc.db, { by: ['country'], since: TODAY, until: TODAY, includeBots: false });
    // The German's /go/nordvpn and the /go/nordvpn/ios with the same header.
    expect(byCountry.rows.find((r) => r.country === 'DE')?.clicks).toBe(2);
    const { rows: view } = await svc.db.query<{ dimension: string; value: string; clicks: number }>(
      "SELECT dimension, value, clicks::int AS clicks FROM click_routing_daily WHERE provider = 'surfshark' AND dimension = 'variant' ORDER BY value",
    );
    expect(view).toEqual([
      { dimension: 'variant', value: 'affiliate', clicks: byVariant.affiliate },
      { dimension: 'variant', value: 'promo', clicks: byVariant.promo },
    ]);
  });
});
