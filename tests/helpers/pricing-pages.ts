/**
 * Pricing pages written for the tests, served on loopback, and a copy of the real content whose providers read them:
 * NordVPN's page shows a new price and a renewal, Surfshark's the price the content has, CyberGhost's has its 3-year
 * plan but nothing its 2-year selector matches, TunnelBear's a text without an amount and a price in euros,
 * IPVanish's answers 500 and Proton VPN's never answers (on a host of its own, so that waiting for it holds up no
 * other page).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';

export interface PricingPages {
  /** The origin of the answering pages, and of the one that never answers. */
  origin: string;
  hangOrigin: string;
  /** The most requests the answering host had in flight at once. */
  maxInFlight(): number;
  /** Every request's user agent. */
  agents: string[];
  /** Replaces NordVPN's page: `price` a month, its renewal `renewal` a year. */
  setNord(price: string, renewal: string): void;
  close(): Promise<void>;
}

const page = (body: string) => `<!doctype html><html><head><title>Pricing</title></head><body>${body}</body></html>`;

/** The page a provider shows today, by path. */
function pages(nord: { price: string; renewal: string }): Record<string, string> {
  return {
    '/nordvpn': page(
      `<section class="plan" data-plan="2y"><h2>2-year plan</h2><p class="price"><span>US$ ${nord.price}</span>/mo</p><s class="was">$12.95</s><p class="renew">Then ${nord.renewal} for the first year after</p></section>`,
    ),
    '/surfshark': page('<div id="starter"><b class="amount">$2.39</b><del class="regular">$12.95</del></div>'),
    '/cyberghost': page('<ul><li class="three-year"><span class="p">$2.25</span></li></ul>'),
    '/tunnelbear': page('<p class="deal">Best value</p><p class="eu">4,17 €</p>'),
  };
}

export async function startPricingPages(): Promise<PricingPages> {
  const nord = { price: '3.59', renewal: '$99.48' };
  const agents: string[] = [];
  let inFlight = 0;
  let most = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    agents.push(req.headers['user-agent'] ?? '');
    inFlight++;
    most = Math.max(most, inFlight);
    res.once('close', () => inFlight--);
    if (req.url === '/ipvanish') return res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    const body = pages(nord)[req.url ?? ''];
    if (!body) return res.writeHead(404).end();
    // Each answer waits for the next turn of the event loop, so that two requests sent at once would overlap.
    setImmediate(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body));
  };
  const listen = async (host: string, fn: (req: IncomingMessage, res: ServerResponse) => void): Promise<[Server, string]> => {
    const port = await freePort();
    const server = createServer(fn);
    await new Promise<void>((r) => server.listen(port, host, r));
    return [server, `http://${host}:${port}`];
  };
  const [main, origin] = await listen('127.0.0.2', handle);
  const [hang, hangOrigin] = await listen('127.0.0.3', () => {}); // never answers
  return {
    origin,
    hangOrigin,
    agents,
    maxInFlight: () => most,
    setNord: (price, renewal) => Object.assign(nord, { price, renewal }),
    close: async () => {
      for (const s of [main, hang]) s.closeAllConnections(), s.close();
    },
  };
}

/** The pricing: block each provider gets, by slug; the others keep theirs (a URL without selectors: not checked). */
export function pricingBlocks(p: PricingPages): Record<string, string> {
  return {
    nordvpn: `pricing:\n  url: ${p.origin}/nordvpn\n  plans:\n    2-year: { price: "[data-plan=2y] .price span", regularPrice: ".was", renewalPrice: ".renew" }\n`,
    surfshark: `pricing:\n  url: ${p.origin}/surfshark\n  plans:\n    2-year:\n      price: "#starter .amount"\n      regularPrice: "#starter .regular"\n`,
    cyberghost: `pricing:\n  url: ${p.origin}/cyberghost\n  plans:\n    2-year: { price: ".two-year .p" }\n    3-year: { price: ".three-year .p" }\n`,
    tunnelbear: `pricing:\n  url: ${p.origin}/tunnelbear\n  plans:\n    2-year: { price: ".deal" }\n    1-year: { price: ".eu" }\n`,
    ipvanish: `pricing:\n  url: ${p.origin}/ipvanish\n  plans:\n    2-year: { price: ".price" }\n`,
    protonvpn: `pricing:\n  url: ${p.hangOrigin}/protonvpn\n  plans:\n    2-year: { price: ".price" }\n`,
  };
}

/** A copy of the real content whose providers (all of those above, or `only` these) read the test pages. */
export function contentReading(p: PricingPages, only?: readonly string[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'vpnsite-prices-')), 'data');
  cpSync('data', dir, { recursive: true });
  for (const [slug, block] of Object.entries(pricingBlocks(p))) {
    if (only && !only.includes(slug)) continue;
    const file = join(dir, 'providers', `${slug}.yaml`);
    const text = readFileSync(file, 'utf8');
    const next = text.replace(/^pricing:\n(?: {2}.*\n)+/m, block);
    if (next === text) throw new Error(`${file} has no pricing: block to replace`);
    writeFileSync(file, next);
  }
  return dir;
}
