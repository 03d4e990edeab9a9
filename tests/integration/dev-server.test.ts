/**
 * `vpnsite dev` is the whole site while an editor works: in Chromium, an edited YAML file shows without a restart, a
 * broken one shows its error over the page (and once in the terminal), a fixed one brings the page back; /go/ and
 * the forms answer through the service beside it, which records the click; a head-to-head page asked for in the
 * other order is a 301 to its page, as from `vpnsite serve`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { CHROMIUM, FLAGS } from '../helpers/chromium.ts';
import { headingOf } from '../helpers/page-checks.ts';
import { copyOfData, edit } from '../helpers/cli.ts';
import { vpnsiteAsync } from '../helpers/serve-process.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

describe('vpnsite dev', () => {
  let browser: Browser;
  let url: string;
  let out = '';
  let data: string;
  let stopDev: () => Promise<void>;
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-dev-'));
  // Mail written to a directory of the test's, never into the checkout.
  const env = {
    DATABASE_URL: '',
    PGLITE_DIR: freshPgliteDir(),
    MAIL_DIR: join(dir, 'mail'),
    CLICK_JOURNAL_DIR: join(dir, 'clicks.journal'),
    LOG_LEVEL: 'warn',
  };

  beforeAll(async () => {
    data = copyOfData();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [resolve('scripts/vpnsite.js'), 'dev', '--data', data, '--port', String(port)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.stderr!.on('data', (d: Buffer) => (out += d));
    const exited = new Promise((r) => child.once('exit', r));
    stopDev = async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    };
    // Generous: on a loaded machine the dev server and the service take a while to compile and open the database.
    for (
      const until = Date.now() + 240_000;
      (await fetch(`${url}/healthz/db`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
    ) {
      if (Date.now() > until) throw new Error(`vpnsite dev did not answer /healthz/db:\n${out}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stopDev?.();
  });

  it('shows an edit without a restart, a mistake over the page and once in the terminal, and the page again once fixed', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/vpn-reviews/nordvpn`, { timeout: 120_000 });
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 120_000 }).toBe('NordVPN Review 2025');

    edit(join(data, 'providers/nordvpn.yaml'), 'title: NordVPN Review 2025\n', 'title: NordVPN Review, Edited\n');
    await expect.poll(() => headingOf(page), { timeout: 60_000 }).toBe('NordVPN Review, Edited');

    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 4.9', 'rating: 7');
    const line = readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8').split('\n').indexOf('rating: 7') + 1;
    const error = `providers/nordvpn.yaml:${line}:9 error /rating must be <= 5`;
    const overlay = page.locator('vite-error-overlay');
    await expect
      .poll(
        () =>
          overlay
            .locator('.message-body')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain(error);
    await expect.poll(() => out.split('\n').filter((l) => l.endsWith(error)).length, { timeout: 30_000 }).toBe(1);
    // A page opened while the content is broken shows the problem too.
    const second = await (await browser.newContext()).newPage();
    await second.goto(`${url}/vpn-reviews/nordvpn`, { timeout: 120_000 });
    await expect
      .poll(
        () =>
          second
            .locator('vite-error-overlay .message-body')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain(error);

    edit(join(data, 'providers/nordvpn.yaml'), 'rating: 7', 'rating: 4.9');
    // The page reloads with the fixed content: the overlay goes, the page is there.
    await expect.poll(() => overlay.count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => headingOf(page), { timeout: 60_000 }).toBe('NordVPN Review, Edited');
    expect(out).toContain('✓ content valid');
    expect(out.split('\n').filter((l) => l.endsWith(error))).toHaveLength(1);
  });

  it('answers /go/ and the forms as serve does, and records the click', async () => {
    const go = await fetch(`${url}/go/nordvpn?from=%2F&placement=comparison-card`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
    });
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toMatch(/^https:\/\/go\.nordvpn\.net\//);
    const form = await fetch(`${url}/api/newsletter-subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dev@example.com' }),
    });
    expect(form.status).toBe(200);
    // The service beside the dev server owns the embedded database; the command asks it.
    const count = async () =>
      JSON.parse(
        (await vpnsiteAsync(['db', 'query', "SELECT count(*)::int AS n FROM clicks WHERE placement = 'comparison-card'"], env)).stdout,
      ) as { n: number }[];
    await expect.poll(count, { timeout: 30_000 }).toEqual([{ n: 1 }]);
  });

  it('sends a head-to-head page asked for in the other order to its page, as serve does', async () => {
    const res = await fetch(`${url}/compare/surfshark-vs-nordvpn?ref=mail`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/compare/nordvpn-vs-surfshark?ref=mail');
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/compare/surfshark-vs-nordvpn?ref=mail`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 120_000 }).toBe('NordVPN vs Surfshark');
    expect(new URL(page.url()).pathname).toBe('/compare/nordvpn-vs-surfshark');
  });
});
