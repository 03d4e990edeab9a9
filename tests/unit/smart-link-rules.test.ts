/** Routing rules and splits in a provider's YAML: what validate says of them, and how a click is decided. */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../services/content/index.ts';
import { bucketOf, countryOf, decide, deviceOf, type ClickContext } from '../../services/links/routing.ts';
import { check, providerYaml } from '../helpers/content-fixture.ts';

const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

const LINKS = 'links:\n  website: "https://example.com"\n  promo: "https://go.example.com/promo?sub={click_id}"';
const nord = (routing: string, links = LINKS) => ({ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { links, routing }) });

describe('validate: routing rules', () => {
  it('takes rules on countries, devices and a schedule, and a split that sums to 100', () => {
    const r = check([
      nord(`rules:
  - when: { country: [DE, AT, CH] }
    to: website
  - when: { device: [ios, android] }
    to: promo
  - when: { from: 2026-11-27, until: 2026-12-02 }
    to: promo
split:
  - { to: affiliate, weight: 80 }
  - { to: promo, weight: 20 }`),
    ]);
    expect(lines(r)).toEqual([]);
  });

  it('reports a missing link, an unknown country and weights that do not sum to 100, each where it is', () => {
    const r = check([
      nord(`rules:
  - when: { country: [DE, UK, QQ] }
    to: webiste
split:
  - { to: affiliate, weight: 80 }
  - { to: promo, weight: 30 }`),
    ]);
    expect(lines(r)).toEqual([
      "data/providers/nordvpn.yaml:25:27 error /rules/0/when/country/1 'UK' is not an ISO 3166-1 alpha-2 country code: the United Kingdom's is GB",
      "data/providers/nordvpn.yaml:25:31 error /rules/0/when/country/2 'QQ' is not an ISO 3166-1 alpha-2 country code",
      "data/providers/nordvpn.yaml:26:9 error /rules/0/to 'webiste' is not one of NORDVPN's links (affiliate, website, promo) (did you mean 'website'?)",
      "data/providers/nordvpn.yaml:27:1 error /split the split's weights sum to 110; they must sum to 100",
    ]);
  });

  it("refuses a split variant that leaves the provider's domains, unless allowedDomains names the host", () => {
    const links = 'links:\n  website: "https://example.com"\n  promo: "https://exampel.com/promo"';
    const split = 'split:\n  - { to: affiliate, weight: 50 }\n  - { to: promo, weight: 50 }';
    expect(lines(check([nord(split, links)]))).toEqual([
      "data/providers/nordvpn.yaml:26:11 error /split/1/to 'promo' sends 50% of /go/nordvpn to exampel.com, outside NORDVPN's own domains (example.com): list it in allowedDomains if that is meant",
    ]);
    expect(lines(check([nord(`${split}\nallowedDomains: [exampel.com]`, links)]))).toEqual([]);
    // A subdomain of the website's domain is the provider's own.
    expect(lines(check([nord(split, 'links:\n  website: "https://www.example.com"\n  promo: "https://deals.example.com/x"')]))).toEqual([]);
  });

  it('warns of a schedule that has ended, on the day of the run', () => {
    const rules = 'rules:\n  - when: { from: 2026-11-01, until: 2026-11-20 }\n    to: promo';
    expect(lines(check([nord(rules)], '2026-11-20'))).toEqual([]);
    expect(lines(check([nord(rules)], '2026-11-21'))).toEqual([
      "data/providers/nordvpn.yaml:25:38 warning /rules/0/when/until this routing rule's schedule ended on 2026-11-20; it no longer matches any click",
    ]);
  });
});

const click = (over: Partial<ClickContext> = {}): ClickContext => ({
  device: 'desktop',
  day: '2026-11-28',
  visitor: '203.0.113.1\nMozilla',
  ...over,
});
const RULES = [
  { when: { country: ['DE', 'AT', 'CH'] }, to: 'website' },
  { when: { device: ['ios' as const, 'android' as const] }, to: 'promo' },
  { when: { from: '2026-11-27', until: '2026-12-02' }, to: 'promo' },
];

describe('deciding a click', () => {
  it('takes the first rule that matches, then the default', () => {
    expect(decide('nordvpn', RULES, undefined, click({ country: 'DE', device: 'ios' }))).toEqual({ to: 'website' });
    expect(decide('nordvpn', RULES, undefined, click({ country: 'FR', device: 'android', day: '2026-01-01' }))).toEqual({ to: 'promo' });
    expect(decide('nordvpn', RULES, undefined, click({ day: '2026-12-02' }))).toEqual({ to: 'promo' });
    expect(decide('nordvpn', RULES, undefined, click({ day: '2026-12-03' }))).toEqual({ to: 'affiliate' });
    // Without a known country a country rule never matches.
    expect(decide('nordvpn', RULES.slice(0, 1), undefined, click({ country: undefined }))).toEqual({ to: 'affiliate' });
  });

  it('splits 80/20 over 10,000 visitors within 2 points, each visitor keeping one variant all day', () => {
    const split = [
      { to: 'affiliate', weight: 80 },
      { to: 'promo', weight: 20 },
    ];
    let promo = 0;
    for (let i = 0; i < 10_000; i++)
      if (decide('nordvpn', [], split, click({ visitor: `198.51.${i >> 8}.${i & 255}\nUA` })).to === 'promo') promo++;
    expect(promo / 100).toBeGreaterThan(18);
    expect(promo / 100).toBeLessThan(22);
    const one = click({ visitor: '192.0.2.9\nUA' });
    expect(new Set(Array.from({ length: 20 }, () => bucketOf('nordvpn', one))).size).toBe(1);
    expect(decide('nordvpn', [], split, one)).toEqual(decide('nordvpn', [], split, { ...one }));
  });

  it('reads the device from the user agent and a country from a CDN header', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('ios');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe('android');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe('desktop');
    expect(deviceOf(undefined)).toBe('desktop');
    expect([countryOf('de'), countryOf(' AT '), countryOf('XX'), countryOf('T1'), countryOf(['DE']), countryOf(undefined)]).toEqual([
      'DE',
      'AT',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
