/**
 * `vpnsite prices check` against pricing pages on loopback (tests/helpers/pricing-pages.ts), never the internet: a
 * changed price with a renewal, an unchanged one, a selector that matches nothing, text without an amount, an amount
 * in another currency, a 500 and a page that never answers. Then `--write`, whose diff is the added lines only, and a
 * build of the written content, which shows the new price and its renewal on every page that shows the plan, with no
 * stale line.
 */
import '../helpers/compiled-schemas.ts';
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceRow } from '../../services/prices/check.ts';
import { BROWSER_UA } from '../../services/links/health.ts';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { vpnsiteAsync } from '../helpers/serve-process.ts';
import { contentReading, startPricingPages, type PricingPages } from '../helpers/pricing-pages.ts';

const TODAY = '2026-11-29';
// Long enough for a loopback page on a busy machine, short enough that the page that never answers costs little.
const env = { VPNSITE_TODAY: TODAY, PRICE_CHECK_TIMEOUT_MS: '3000' };

let pages: PricingPages;
beforeAll(async () => void (pages = await startPricingPages()));
afterAll(async () => pages?.close());

const check = (data: string, args: string[] = []) =>
  vpnsiteInProcess(['prices', 'check', '--data', data, '--format', 'json', ...args], env);
const rowsOf = (stdout: string) => JSON.parse(stdout) as PriceRow[];
const row = (rows: PriceRow[], provider: string, plan: string, field = 'price') =>
  rows.find((r) => r.provider === provider && r.plan === plan && r.field === field);

describe('vpnsite prices check', () => {
  let data: string;
  beforeAll(() => void (data = contentReading(pages)));

  it('reports each plan and field: changed, unchanged, unmatched, a 500 and no answer; exit 1', async () => {
    const r = await check(data);
    expect(r.status, r.stderr).toBe(1);
    const rows = rowsOf(r.stdout);
    expect(rows.every((x) => Object.keys(x).join() === 'provider,plan,field,previous,found,changed,error')).toBe(true);
    expect(row(rows, 'nordvpn', '2-year')).toEqual({
      provider: 'nordvpn',
      plan: '2-year',
      field: 'price',
      previous: 3.39,
      found: 3.59,
      changed: true,
      error: null,
    });
    expect(row(rows, 'nordvpn', '2-year', 'regularPrice')).toMatchObject({ previous: 12.95, found: 12.95, changed: false, error: null });
    expect(row(rows, 'nordvpn', '2-year', 'renewalPrice')).toMatchObject({ previous: null, found: 99.48, changed: true, error: null });
    expect(row(rows, 'surfshark', '2-year')).toMatchObject({ previous: 2.39, found: 2.39, changed: false, error: null });
    expect(row(rows, 'cyberghost', '3-year')).toMatchObject({ previous: 2.25, found: 2.25, changed: false, error: null });
    expect(row(rows, 'cyberghost', '2-year')).toMatchObject({ found: null, error: 'selector ".two-year .p" matches nothing on the page' });
    expect(row(rows, 'tunnelbear', '2-year')!.error).toBe('"Best value" (selector ".deal") holds no amount');
    expect(row(rows, 'tunnelbear', '1-year')!.error).toBe('the page shows EUR ("4,17 €"); the plan\'s prices are in USD');
    expect(row(rows, 'ipvanish', '2-year')!.error).toBe(`${pages.origin}/ipvanish answered 500`);
    expect(row(rows, 'protonvpn', '2-year')!.error).toBe(`${pages.hangOrigin}/protonvpn did not answer within 3000 ms`);
    // Providers without selectors are not read at all; a discontinued one never.
    expect(new Set(rows.map((x) => x.provider))).toEqual(
      new Set(['nordvpn', 'surfshark', 'cyberghost', 'tunnelbear', 'ipvanish', 'protonvpn']),
    );
    // One request at a time to a host, as a browser-like client.
    expect(pages.maxInFlight()).toBe(1);
    expect(pages.agents.every((a) => a === BROWSER_UA)).toBe(true);
  });

  it('prints a table, narrows to one provider, and exits 0 when every plan was read and 2 on a usage error', async () => {
    const one = await vpnsiteInProcess(['prices', 'check', '--data', data, '--provider', 'nordvpn'], env);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/nordvpn +2-year +price +3\.39 +3\.59 +CHANGED/);
    expect(one.stdout).toMatch(/nordvpn +2-year +regularPrice +12\.95 +12\.95 +same/);
    expect(one.stdout).not.toContain('surfshark');
    for (const args of [
      ['--provider', 'nordpvn'],
      ['--format', 'xml'],
    ]) {
      const r = await vpnsiteAsync(['prices', 'check', '--data', data, ...args], env);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^error: /);
    }
  });
});

describe('vpnsite prices check --write, then a build', () => {
  let data: string;
  let before: Record<string, string>;
  const read = (slug: string) => readFileSync(join(data, 'providers', `${slug}.yaml`), 'utf8');
  beforeAll(() => {
    data = contentReading(pages);
    before = Object.fromEntries(['nordvpn', 'surfshark', 'cyberghost', 'tunnelbear', 'ipvanish', 'protonvpn'].map((s) => [s, read(s)]));
  });

  it('appends an observation dated today to each plan read in full, keeping every line of the file', async () => {
    const r = await vpnsiteAsync(['prices', 'check', '--data', data, '--write'], env);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(`wrote ${join(data, 'providers', 'nordvpn.yaml')} (observations dated ${TODAY})`);
    const added = (slug: string) => {
      const now = read(slug).split('\n');
      const lines = now.filter((l) => l.includes(`date: ${TODAY}`));
      // Every existing line as it was, in order: the added lines are the whole diff.
      expect(
        now.filter((l) => !lines.includes(l)),
        slug,
      ).toEqual(before[slug]!.split('\n'));
      return lines.map((l) => l.trim());
    };
    expect(added('nordvpn')).toEqual([
      `- { date: ${TODAY}, price: 3.59, regularPrice: 12.95, renewal: { price: 99.48, months: 12 }, currency: USD, source: ${pages.origin}/nordvpn }`,
    ]);
    // A price confirmed today is fresh too.
    expect(added('surfshark')).toEqual([
      `- { date: ${TODAY}, price: 2.39, regularPrice: 12.95, currency: USD, source: ${pages.origin}/surfshark }`,
    ]);
    // CyberGhost's 3-year plan was read; its 2-year plan, and the pages that failed, get nothing.
    expect(added('cyberghost')).toEqual([
      `- { date: ${TODAY}, price: 2.25, regularPrice: 12.99, currency: USD, source: ${pages.origin}/cyberghost }`,
    ]);
    const cg = read('cyberghost').split('\n');
    expect(cg.findIndex((l) => l.includes(`date: ${TODAY}`))).toBeGreaterThan(cg.indexOf('  3-year:'));
    expect(read('ipvanish')).toBe(before.ipvanish);
    expect(read('tunnelbear')).toBe(before.tunnelbear);
    expect(read('protonvpn')).toBe(before.protonvpn);
    // Run again the same day: nothing new to record, nothing written.
    const again = await vpnsiteInProcess(['prices', 'check', '--data', data, '--provider', 'nordvpn', '--write'], env);
    expect(again.status).toBe(0);
    expect(read('nordvpn').split(`date: ${TODAY}`)).toHaveLength(2);
  });

  it('builds a site that shows the new price and its renewal wherever the plan is shown, and no stale line', {
    timeout: 300_000,
  }, async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'vpnsite-prices-dist-')), 'dist');
    const r = await vpnsiteAsync(['build', '--data', data, '--out', out], env);
    expect(r.status, r.stderr).toBe(0);
    const showing: string[] = [];
    for (const f of readdirSync(out, { recursive: true }) as string[]) {
      if (!f.endsWith('.html')) continue;
      const { document } = parseHTML(readFileSync(join(out, f), 'utf8'));
      const prices = [...document.querySelectorAll('[data-figure="nordvpn/2-year/price"]')];
      if (!prices.length) continue;
      showing.push(f);
      expect(new Set(prices.map((e) => e.textContent)), f).toEqual(new Set(['$3.59']));
      for (const checked of document.querySelectorAll('[data-figure="nordvpn/2-year/checked"]')) {
        expect(checked.textContent, f).toBe('29 Nov 2026');
        expect(checked.closest('[data-stale]'), f).toBeNull();
      }
      // A card that says when the price was checked says what it renews at.
      const cards = document.querySelectorAll('[data-figure="nordvpn/2-year/checked"]').length;
      const renewals = [...document.querySelectorAll('[data-figure="nordvpn/2-year/renewal"]')].map((e) => e.textContent);
      expect(renewals, f).toEqual(Array(cards).fill('then $99.48 a year'));
    }
    expect(showing).toEqual(expect.arrayContaining(['index.html', 'vpn-reviews/index.html', 'vpn-reviews/nordvpn/index.html']));
    const { document } = parseHTML(readFileSync(join(out, 'vpn-reviews/nordvpn/index.html'), 'utf8'));
    expect(document.querySelectorAll('[data-plan="nordvpn/2-year"] svg circle')).toHaveLength(2);
    expect(document.querySelectorAll('[data-plan="nordvpn/2-year"] table tbody tr')).toHaveLength(2);
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}'));
    const offers = ld.find((x) => x['@type'] === 'Review')?.itemReviewed?.offers;
    expect(offers?.priceSpecification?.[1]).toMatchObject({ price: '99.48', billingStart: 24 });
  });
});
