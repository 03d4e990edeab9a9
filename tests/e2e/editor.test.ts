/**
 * The content editor in Chromium, under a real `vpnsite dev` on a copy of the content: a changed tagline saved and
 * seen in the preview; a score of 11 shown on its field and its save refused; a save over a file changed on disk
 * refused with the file untouched; a new article made as a draft. axe finds no serious problem on its screens, at
 * 1366 and 390 px, whose screenshots are kept in EDITOR_SHOTS (a temporary directory unless set).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { CHROMIUM, FLAGS } from '../helpers/chromium.ts';
import { copyOfData } from '../helpers/cli.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const WIDTHS = [1366, 390] as const;

describe('the content editor at /_edit', () => {
  let browser: Browser;
  let url: string;
  let data: string;
  let out = '';
  let stopDev: () => Promise<void>;
  const editorErrors: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-editor-'));
  const shots = process.env.EDITOR_SHOTS ?? join(dir, 'shots');
  mkdirSync(shots, { recursive: true });

  beforeAll(async () => {
    data = copyOfData();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: '',
      PGLITE_DIR: freshPgliteDir(),
      MAIL_DIR: join(dir, 'mail'),
      CLICK_JOURNAL_DIR: join(dir, 'clicks'),
      LOG_LEVEL: 'warn',
    };
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
    // Generous: on a loaded machine the dev server takes a while to start.
    for (
      const until = Date.now() + 240_000;
      (await fetch(`${url}/_edit/api/files`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
    ) {
      if (Date.now() > until) throw new Error(`vpnsite dev did not answer /_edit:\n${out}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  }, 300_000);

  afterAll(async () => {
    expect(editorErrors).toEqual([]);
    await browser?.close();
    await stopDev?.();
  });

  const pageAt = async (width: number): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    // The editor's own script must never throw; the preview is the site under the dev server, tested elsewhere.
    page.on('pageerror', (err) => {
      if (err.stack?.includes('/_edit/')) editorErrors.push(err.message);
    });
    return page;
  };

  const openForm = async (page: Page, path: string) => {
    await page.goto(`${url}/_edit#/file/${path}`);
    await page.locator('form.edit').waitFor({ timeout: 60_000 });
  };

  /** axe's serious and critical findings on the page as it is. */
  const seriousProblems = async (page: Page) => {
    const result = await new AxeBuilder({ page }).exclude('iframe').analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  };

  it('lists the files by kind with their problems, usable by keyboard, at both widths', async () => {
    for (const width of WIDTHS) {
      const page = await pageAt(width);
      await page.goto(`${url}/_edit`);
      await page.getByRole('heading', { name: 'Providers' }).waitFor({ timeout: 60_000 });
      for (const label of ['Articles', 'Guides', 'Pages', 'Site settings'])
        await expect(page.getByRole('heading', { name: new RegExp(`^${label} \\d+$`) }).count()).resolves.toBe(1);
      await expect(page.locator('a[href="#/file/providers/nordvpn.yaml"]').textContent()).resolves.toContain('NordVPN');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousProblems(page)).toEqual([]);
      await page.screenshot({ path: join(shots, `list-${width}.png`) });
      await page.context().close();
    }
  });

  it('saves a changed tagline into its line, and the preview shows it', async () => {
    const page = await pageAt(1366);
    await openForm(page, 'providers/nordvpn.yaml');
    const before = readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8');
    await page.locator('#f_2freview_2ftagline').fill('The tagline, edited in the browser.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.saved').textContent(), { timeout: 30_000 }).toContain('Saved');
    const after = readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8');
    expect(after).toBe(before.replace(/^ {2}tagline: .*$/m, '  tagline: The tagline, edited in the browser.'));
    const preview = page.frameLocator('iframe.preview');
    await expect
      .poll(() => preview.locator('body').textContent({ timeout: 60_000 }), { timeout: 60_000 })
      .toContain('The tagline, edited in the browser.');
    await page.context().close();
  });

  it('shows a score of 11 on its field and refuses to save it, saying why', async () => {
    for (const width of WIDTHS) {
      const page = await pageAt(width);
      await openForm(page, 'providers/surfshark.yaml');
      const before = readFileSync(join(data, 'providers/surfshark.yaml'), 'utf8');
      const score = page.locator('#f_2fscores_2fsecurity');
      await score.fill('11');
      await expect.poll(() => score.getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
      await expect(page.locator('#f_2fscores_2fsecurity-err').textContent()).resolves.toContain('must be <= 10');
      // The problem list links to the field.
      await page.locator('.problems a', { hasText: '/scores/security' }).first().click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('f_2fscores_2fsecurity');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.notice').textContent(), { timeout: 30_000 }).toContain('not saved');
      expect(readFileSync(join(data, 'providers/surfshark.yaml'), 'utf8')).toBe(before);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousProblems(page)).toEqual([]);
      await score.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `form-problem-${width}.png`) });
      await page.context().close();
    }
  });

  it('refuses a save over a file changed on disk, leaving the file and the form as they were', async () => {
    for (const width of WIDTHS) {
      const page = await pageAt(width);
      await openForm(page, 'providers/ipvanish.yaml');
      const file = join(data, 'providers/ipvanish.yaml');
      const changed = `${readFileSync(file, 'utf8')}# changed in another editor (${width})\n`;
      writeFileSync(file, changed);
      const name = page.locator('#f_2fname');
      await name.fill('IPVanish, mine');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(() => page.locator('.conflict').textContent(), { timeout: 30_000 })
        .toContain('changed on disk since you opened it');
      expect(readFileSync(file, 'utf8')).toBe(changed);
      await expect(name.inputValue()).resolves.toBe('IPVanish, mine');
      await expect(page.locator('#yours').inputValue()).resolves.toContain('name: "IPVanish, mine"');
      expect(await seriousProblems(page)).toEqual([]);
      await page.locator('.conflict').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `conflict-${width}.png`) });
      await page.context().close();
    }
  });

  it('creates an article as a draft from the keyboard', async () => {
    const page = await pageAt(390);
    await page.goto(`${url}/_edit`);
    await page.locator('#new-kind').selectOption('article');
    await page.locator('#new-slug').focus();
    await page.keyboard.type('written-in-the-editor');
    await page.keyboard.press('Enter');
    await page.locator('form.edit').waitFor({ timeout: 60_000 });
    expect(readFileSync(join(data, 'articles/written-in-the-editor.yaml'), 'utf8')).toMatch(/^draft: true$/m);
    await expect(page.getByRole('switch', { name: /draft/ }).isChecked()).resolves.toBe(true);
    await expect(page.locator('.publishing').textContent()).resolves.toContain('UTC');
    // Dates are date inputs, the publishing times date-and-time inputs in UTC, enums choices, booleans checkboxes.
    await expect(page.locator('#f_2fpublishAt').getAttribute('type')).resolves.toBe('datetime-local');
    await expect(page.locator('label[for="f_2fpublishAt"]').textContent()).resolves.toContain('UTC');
    await expect(page.locator('#f_2fupdated').getAttribute('type')).resolves.toBe('date');
    await page.goto(`${url}/_edit`);
    const entry = page.locator('li', { has: page.locator('a[href="#/file/articles/written-in-the-editor.yaml"]') });
    await expect(entry.locator('.badge.draft').textContent({ timeout: 60_000 })).resolves.toBe('Draft');
    await page.context().close();
  });
});
