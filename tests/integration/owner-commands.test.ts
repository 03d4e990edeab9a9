/**
 * The owner's commands: contact messages listed, shown whole and marked handled, and an address erased on request,
 * on PostgreSQL and on the embedded database, while `vpnsite serve` runs (the command goes through it) and after.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const running: ServeProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) await stop(p, 'SIGKILL');
});

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    (r) => r.status,
  );

interface Listed {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  handled_at: string | null;
}

async function ownerWorkflow(env: Record<string, string>): Promise<void> {
  // The commands' logic runs in this process; the first listing and the first export run as real processes, as a
  // person runs them.
  const cli = async (...args: string[]) => {
    const r = await vpnsiteInProcess(args, env);
    return { ...r, json: () => JSON.parse(r.stdout) as Listed[] };
  };
  const asProcess = async (...args: string[]) => {
    const r = await vpnsiteAsync(args, env);
    return { ...r, json: () => JSON.parse(r.stdout) as Listed[] };
  };
  // No SMTP_URL: mail is written as .eml files, which a person can open.
  const mailDir = mkdtempSync(join(tmpdir(), 'vpnsite-owner-mail-'));
  env = { ...env, MAIL_DIR: mailDir };
  const svc = await spawnServe(env, '/healthz/db');
  running.push(svc);
  expect(svc.output()).toContain(`SMTP_URL: mail is written to ${mailDir} as .eml files`);
  // Written by the visitors' forms, as in production.
  expect(
    await post(svc.url, '/api/contact-form', {
      name: 'Ann',
      email: 'Ann@Example.com',
      subject: 'Refund',
      message: 'First line\nsecond line, with a comma',
    }),
  ).toBe(200);
  expect(await post(svc.url, '/api/contact-form', { name: 'Bob', email: 'bob@example.com', message: 'Hello' })).toBe(200);
  expect(await post(svc.url, '/api/newsletter-subscribe', { email: 'ann@example.com' })).toBe(200);
  expect(await post(svc.url, '/api/newsletter-subscribe', { email: 'bob@example.com' })).toBe(200);

  // Newest first, every field whole in JSON.
  const listed = (await asProcess('messages', '--format', 'json')).json();
  expect(listed.map((m) => m.name)).toEqual(['Bob', 'Ann']);
  const ann = listed[1]!;
  expect(ann).toMatchObject({
    email: 'Ann@Example.com',
    subject: 'Refund',
    message: 'First line\nsecond line, with a comma',
    handled_at: null,
  });

  const shown = await cli('messages', 'show', String(ann.id));
  expect(shown.status).toBe(0);
  expect(shown.stdout).toContain('From: Ann <Ann@Example.com>');
  expect(shown.stdout).toMatch(/\n\nFirst line\nsecond line, with a comma\n$/);

  // Handled ones leave the --unhandled list; an id that does not exist is an error, the others are still marked.
  const handled = await cli('messages', 'handle', String(ann.id), '999999');
  expect(handled.status).toBe(1);
  expect(handled.stdout).toBe(`marked handled: ${ann.id}\n`);
  expect(handled.stderr).toContain('there is no message 999999');
  expect((await cli('messages', '--unhandled', '--format', 'json')).json().map((m) => m.name)).toEqual(['Bob']);

  // The table keeps one message to one line; CSV keeps it whole, quoted.
  const table = (await cli('messages')).stdout;
  expect(table).toContain('First line⏎second line, with a comma');
  expect(table.split('\n').filter((l) => /Ann|Bob/.test(l))).toHaveLength(2);
  expect((await cli('messages', '--format', 'csv')).stdout).toContain('"First line\nsecond line, with a comma"');

  // Each sign-up's confirmation mail, written out.
  const mails = () =>
    readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(mailDir, f), 'utf8'));
  await expect.poll(() => mails().length).toBe(2);
  expect(mails().find((m) => m.includes('To: ann@example.com'))).toMatch(
    /^Subject: Confirm your subscription to the VPN Compass newsletter$/m,
  );

  // The list for a mailing tool: none confirmed yet; both pending, with their consent's source and own unsubscribe link.
  expect((await asProcess('subscribers', 'export')).stdout).toBe(
    'email,status,subscribed_at,consent_source,confirmed_at,unsubscribed_at,unsubscribe_url\r\n',
  );
  const pending = JSON.parse((await cli('subscribers', 'export', '--status', 'pending', '--format', 'json')).stdout) as Record<
    string,
    string | null
  >[];
  expect(pending.map((p) => p.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  expect(pending[0]).toMatchObject({
    status: 'pending',
    consent_source: 'newsletter form',
    confirmed_at: null,
    unsubscribe_url: expect.stringMatching(/^https:\/\/www\.vpncompass\.com\/newsletter\/unsubscribe\?token=u\.\d+\./),
  });
  // Bob asks by mail to leave: unsubscribed, kept, and out of every export but the unsubscribed one.
  expect((await cli('subscribers', 'unsubscribe', 'Bob@Example.com')).stdout).toBe('unsubscribed Bob@Example.com\n');
  expect((await cli('subscribers', 'unsubscribe', 'nobody@example.com')).status).toBe(1);
  const gone = JSON.parse((await cli('subscribers', 'export', '--status', 'unsubscribed', '--format', 'json')).stdout) as Record<
    string,
    string | null
  >[];
  expect(gone).toEqual([expect.objectContaining({ email: 'bob@example.com', status: 'unsubscribed', unsubscribe_url: null })]);

  // Erasure: the sign-up and every message from the address, whatever its case and spaces; nothing of Bob's.
  const forgot = await cli('subscribers', 'forget', ' ANN@example.com ');
  expect(forgot.stdout).toBe(
    'removed 1 newsletter subscription, 0 sign-ups not yet worked, 1 contact message and 1 mail of ANN@example.com\n',
  );
  expect((await stop(svc)).code).toBe(0);

  // With no service running, the command opens the database itself.
  const left = await cli(
    'db',
    'query',
    "SELECT (SELECT count(*) FROM newsletter_subscribers WHERE email ILIKE 'ann%')::int AS subscribers, (SELECT count(*) FROM contact_messages WHERE email ILIKE 'ann%')::int AS messages, (SELECT count(*) FROM contact_messages)::int AS total",
  );
  expect(JSON.parse(left.stdout)).toEqual([{ subscribers: 0, messages: 0, total: 1 }]);
  expect((await cli('messages', '--format', 'json')).json().map((m) => m.name)).toEqual(['Bob']);
  expect(
    JSON.parse((await cli('subscribers', 'export', '--status', 'all', '--format', 'json')).stdout).map((s: { email: string }) => s.email),
  ).toEqual(['bob@example.com']);
}

describe('the owner reads and handles contact messages and erases an address', () => {
  it('on the embedded database, through the running service and then alone', async () => {
    await ownerWorkflow({ DATABASE_URL: '', PGLITE_DIR: freshPgliteDir() });
  });

  it('on PostgreSQL', async () => {
    await ownerWorkflow({ DATABASE_URL: await createPgDatabase(inject('databaseUrl')), PGLITE_DIR: '' });
  });

  it('refuses what is not an id or an address, with a usage error', async () => {
    const env = { DATABASE_URL: '', PGLITE_DIR: freshPgliteDir() };
    for (const args of [
      ['messages', 'show', 'x'],
      ['messages', 'handle', '1', '-2'],
      ['subscribers', 'forget', 'not-an-address'],
      ['messages', '--since', 'yesterday'],
      ['subscribers', 'export', '--status', 'everyone'],
      ['subscribers', 'unsubscribe', 'x@'],
    ]) {
      const r = await vpnsiteInProcess(args, env);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(/^error: /);
    }
  });
});
