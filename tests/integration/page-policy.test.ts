/**
 * A page's Content-Security-Policy allows exactly the inline scripts of the file being sent: a build swapped in under
 * a running service is served with its own pages' hashes at once, before the service has read the new build.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIST, startService, type RunningService } from '../helpers/service.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const page = (script: string) => `<!doctype html><html><head><script>${script}</script></head><body>Page</body></html>`;

describe('the policy of a page replaced under the service', () => {
  let svc: RunningService;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'vpnsite-dist-'));
    cpSync(FIXTURE_DIST, dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), page('window.build = 1;'));
    svc = await startService('pg', { DIST_DIR: dist });
  });
  afterAll(() => svc.close());

  const policy = async (path: string) => (await fetch(`${svc.url}${path}`)).headers.get('content-security-policy') ?? '';

  it('follows the file, as a swap replaces it, and a new page has its own', async () => {
    expect(await policy('/')).toContain(sha('window.build = 1;'));
    // A swap renames a new file over the old one, as a build's rename of the whole directory does to every file.
    writeFileSync(join(dist, 'index.html.new'), page('window.build = 2;'));
    renameSync(join(dist, 'index.html.new'), join(dist, 'index.html'));
    const after = await policy('/');
    expect(after).toContain(sha('window.build = 2;'));
    expect(after).not.toContain(sha('window.build = 1;'));
    writeFileSync(join(dist, 'fresh.html'), page('window.fresh = 1;'));
    expect(await policy('/fresh.html')).toContain(sha('window.fresh = 1;'));
  });
});
