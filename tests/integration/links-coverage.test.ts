/**
 * `vpnsite links coverage` against a small built site written here (the real content, three pages): each page and
 * placement with its distinct /go/ buttons and how many reach a paid link, as a table with a TOTAL row and as JSON,
 * and a clear error before anything is built.
 */
import '../helpers/compiled-schemas.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { vpnsiteInProcess } from '../helpers/cli.ts';

let dist: string;

/** A built page at `file` whose body holds these links, written as React writes them. */
function page(file: string, hrefs: string[]) {
  const html = `<!DOCTYPE html><html><body>${hrefs.map((h) => `<a href="${h.replaceAll('&', '&amp;')}" target="_blank">x</a>`).join('')}</body></html>`;
  mkdirSync(join(dist, file, '..'), { recursive: true });
  writeFileSync(join(dist, file), html);
}

const go = (target: string, from: string, placement: string) => `/go/${target}?from=${encodeURIComponent(from)}&placement=${placement}`;

beforeAll(() => {
  dist = join(mkdtempSync(join(tmpdir(), 'vpnsite-coverage-')), 'dist');
  page('index.html', [
    go('nordvpn', '/', 'hero-cta'),
    // The same button twice on a page (a sticky bar repeating it, say) is one button.
    go('nordvpn', '/', 'hero-cta'),
    go('surfshark', '/', 'comparison-card'),
    go('tunnelbear', '/', 'comparison-card'),
    go('cyberghost', '/', 'comparison-card'),
    '/vpn-deals',
  ]);
  page('router-setup-guide/index.html', [
    go('nordvpn/router', '/router-setup-guide', 'guide-router'),
    go('surfshark/website', '/router-setup-guide', 'guide-router'),
    go('private-internet-access/website', '/router-setup-guide', 'guide-router'),
  ]);
  // A hand-typed, mis-cased link reaches the same provider, and a link without a placement has a row of its own.
  page('vpn-deals/index.html', ['/go/NordVPN/Windows', '/go/expressvpn']);
});

describe('vpnsite links coverage', () => {
  it('lists each page and placement with its buttons and the paid ones, as JSON', async () => {
    const r = await vpnsiteInProcess(['links', 'coverage', '--dist', dist, '--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      rows: [
        { page: '/', placement: 'comparison-card', buttons: 3, paid: 2, unpaid: ['cyberghost'] },
        { page: '/', placement: 'hero-cta', buttons: 1, paid: 1, unpaid: [] },
        { page: '/router-setup-guide', placement: 'guide-router', buttons: 3, paid: 2, unpaid: ['private-internet-access/website'] },
        { page: '/vpn-deals', placement: '', buttons: 2, paid: 1, unpaid: ['expressvpn'] },
      ],
      total: { buttons: 9, paid: 6, share: 6 / 9 },
    });
  });

  it('prints a table with a TOTAL row, and the site total on stderr', async () => {
    const r = await vpnsiteInProcess(['links', 'coverage', '--dist', dist]);
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^page +placement +buttons +paid +unpaid$/);
    expect(rows).toContainEqual(expect.stringMatching(/^\/router-setup-guide +guide-router +3 +2 +private-internet-access\/website$/));
    expect(rows.at(-1)).toMatch(/^TOTAL +9 +6$/);
    expect(r.stderr).toBe('6 of 9 outbound buttons (67 %) reach a paid link\n');
  });

  it('says what to do when nothing is built yet', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vpnsite-coverage-empty-'));
    const r = await vpnsiteInProcess(['links', 'coverage', '--dist', empty]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`error: ${empty} holds no built site; run vpnsite build first (or give --dist)`);
  });
});
