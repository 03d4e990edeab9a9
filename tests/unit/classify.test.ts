/** Whether a /go/ visit counts, and what of it is kept (HEAD, prefetch, bots, notrack, from, placement, crops). */
import { describe, expect, it } from 'vitest';
import { classifyVisit, cropText, outboundUrl, visitorHash } from '../../services/clicks/index.ts';

const ROUTES = new Set(['/', '/vpn-reviews', '/vpn-reviews/nordvpn']);
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const visit = (over: { method?: string; headers?: Record<string, string>; query?: Record<string, unknown> } = {}) =>
  classifyVisit({ method: over.method ?? 'GET', headers: { 'user-agent': UA, ...over.headers }, query: over.query ?? {} }, ROUTES);

describe('classifyVisit', () => {
  it('counts a person with what may be stored', () => {
    expect(
      visit({ query: { from: '/vpn-reviews/', placement: 'hero-cta' }, headers: { referer: 'https://www.vpncompass.com/vpn-reviews' } }),
    ).toEqual({
      record: true,
      isBot: false,
      fromPath: '/vpn-reviews',
      placement: 'hero-cta',
      userAgent: UA,
      referrer: 'https://www.vpncompass.com/vpn-reviews',
    });
  });

  it('does not count HEAD, prefetches, previews or notrack', () => {
    expect(visit({ method: 'HEAD' })).toEqual({ record: false, reason: 'head' });
    expect(visit({ headers: { purpose: 'prefetch' } })).toEqual({ record: false, reason: 'prefetch' });
    expect(visit({ headers: { 'sec-purpose': 'prefetch;prerender' } })).toEqual({ record: false, reason: 'prefetch' });
    expect(visit({ headers: { 'x-purpose': 'preview' } })).toEqual({ record: false, reason: 'prefetch' });
    expect(visit({ headers: { 'x-moz': 'prefetch' } })).toEqual({ record: false, reason: 'prefetch' });
    expect(visit({ query: { notrack: '1' } })).toEqual({ record: false, reason: 'notrack' });
    expect(visit({ query: { notrack: '0' } }).record).toBe(true);
  });

  it('marks bots, link previewers and visits without a user agent as bots', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'curl/8.5.0',
      '',
    ])
      expect(visit({ headers: { 'user-agent': ua } }), ua).toMatchObject({ record: true, isBot: true });
  });

  it('keeps only registered paths and short slugs', () => {
    for (const from of ['https://evil.example/', '/nope', '//evil.example', ['/', '/vpn-reviews'], 42, '/'.padEnd(600, 'a')])
      expect(visit({ query: { from } }), String(from)).toMatchObject({ fromPath: null });
    for (const placement of ['Hero', '-x', 'a b', '<b>', 'x'.repeat(41), ['a']])
      expect(visit({ query: { placement } }), String(placement)).toMatchObject({ placement: null });
  });
});

describe('cropText', () => {
  it('crops to the limit without splitting a surrogate pair and drops control characters', () => {
    expect(cropText('a'.repeat(600), 512)).toHaveLength(512);
    expect(cropText(`${'a'.repeat(511)}😀`, 512)).toBe('a'.repeat(511));
    expect(cropText('a\u0000b\nc', 10)).toBe('abc');
    expect(cropText(undefined, 10)).toBeNull();
    expect(cropText('a\ud800b\udc00c😀', 10)).toBe('a\ufffdb\ufffdc😀');
  });
});

describe('visitorHash and outboundUrl', () => {
  it('hashes salt, IP and user agent, and changes with each of them', () => {
    const h = visitorHash('s1', '192.0.2.1', UA);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(
      new Set([h, visitorHash('s2', '192.0.2.1', UA), visitorHash('s1', '192.0.2.2', UA), visitorHash('s1', '192.0.2.1', 'x')]).size,
    ).toBe(4);
  });

  it('fills {click_id} only when there is an id', () => {
    const target = { url: 'https://a.example/aff', subid: 'https://a.example/aff?sub={click_id}' };
    expect(outboundUrl(target, 42)).toBe('https://a.example/aff?sub=42');
    expect(outboundUrl(target, null)).toBe('https://a.example/aff');
    expect(outboundUrl({ url: 'https://b.example' }, 42)).toBe('https://b.example');
  });
});
