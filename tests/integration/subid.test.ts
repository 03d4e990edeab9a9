/** Affiliate sub-IDs: the redirect carries the id of the row it records, so conversions join to clicks. */
import { cpSync, appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startService, type RunningService } from '../helpers/service.ts';

const TEMPLATE = 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352&aff_sub={click_id}';

describe.each(DB_KINDS)('sub-IDs on %s', (kind) => {
  let svc: RunningService;
  let data: string;
  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'vpnsite-subid-'));
    cpSync('data', data, { recursive: true });
    appendFileSync(join(data, 'providers', 'nordvpn.yaml'), `subid: "${TEMPLATE}"\n`);
    svc = await startService(kind, { VPNSITE_DATA_DIR: data });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(data, { recursive: true, force: true });
  });

  it('fills {click_id} with the id of the stored row, without waiting for the database', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${svc.url}/go/nordvpn?from=/`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      locations.push(res.headers.get('location')!);
    }
    const ids = locations.map((l) => Number(new URL(l).searchParams.get('aff_sub')));
    for (const [i, l] of locations.entries()) expect(l).toBe(TEMPLATE.replace('{click_id}', String(ids[i])));
    expect(new Set(ids).size).toBe(3);
    await svc.waitForCount('clicks', 3);
    const { rows } = await svc.db.query<{ id: number }>('SELECT id FROM clicks ORDER BY id');
    expect(rows.map((r) => Number(r.id))).toEqual([...ids].sort((a, b) => a - b));
  });

  it('sends the plain affiliate URL when nothing is recorded', async () => {
    const res = await fetch(`${svc.url}/go/nordvpn?notrack=1`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352');
  });
});
