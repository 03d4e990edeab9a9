/** TRUST_PROXY as the function Fastify asks about each peer: the same answers as proxy-addr, from memory. */
import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { trustProxy } from '../../services/http/trust-proxy.ts';

const asFunction = (setting: string[]) => trustProxy(setting) as (address: string, hop: number) => boolean;

describe('TRUST_PROXY as Fastify asks it', () => {
  it('trusts exactly the listed addresses and ranges, as proxy-addr does', () => {
    const list = ['127.0.0.1', '10.0.0.0/8', '::1'];
    const ours = asFunction(list);
    const theirs = proxyAddr.compile(list);
    const addresses = [
      '127.0.0.1',
      '127.0.0.2',
      '10.1.2.3',
      '11.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.9',
      'fe80::1',
      'garbage',
      '',
    ];
    // Asked twice: the second answer comes from memory and must be the same.
    for (const round of [1, 2]) for (const a of addresses) expect([round, a, ours(a, 0)]).toEqual([round, a, theirs(a, 0)]);
    expect(ours('10.9.9.9', 0)).toBe(true);
    expect(ours('192.168.0.1', 0)).toBe(false);
  });

  it('keeps answering right once its memory of addresses has started afresh', () => {
    const ours = asFunction(['10.0.0.0/16']);
    for (let i = 0; i < 3000; i++) expect(ours(`10.${i >> 8}.${i & 255}.1`, 1)).toBe(i >> 8 === 0);
    expect(ours('10.0.5.5', 0)).toBe(true);
    expect(ours('10.1.5.5', 0)).toBe(false);
  });

  it('passes true and false through, and trusts no one for an empty list', () => {
    expect(trustProxy(true)).toBe(true);
    expect(trustProxy(false)).toBe(false);
    expect(trustProxy([])).toBe(false);
  });
});
