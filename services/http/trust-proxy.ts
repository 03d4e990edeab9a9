/**
 * Which peers' X-Forwarded-For is honoured (TRUST_PROXY), as the function Fastify asks for every `request.ip`.
 * proxy-addr's compiled check parses the peer's address with ipaddr.js each time it is asked: a few microseconds
 * and a kilobyte and a half of garbage on every redirect, whose visitor hash needs the address. The answer for an
 * address never changes, and a request sees one or two of them (its load balancer's), so each is remembered; the
 * memory starts afresh past a bound, because hops inside a forged X-Forwarded-For are asked about too.
 */
import proxyAddr from '@fastify/proxy-addr';

const REMEMBERED = 1000;

/** Fastify's trustProxy for `true` (every peer), `false` or an empty list (none), or a list of addresses and CIDRs. */
export function trustProxy(setting: boolean | string[]): boolean | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'boolean') return setting;
  if (setting.length === 0) return false;
  const trusted = proxyAddr.compile(setting);
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let yes = known.get(address);
    if (yes === undefined) {
      yes = trusted(address, hop);
      if (known.size >= REMEMBERED) known.clear();
      known.set(address, yes);
    }
    return yes;
  };
}
