/** Start-up's block of what is not set up, as text, for a service out of the box, one set up in full, and between. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../services/http/config.ts';
import { notSetUp, notSetUpBlock } from '../../services/http/not-set-up.ts';

const SECRET = 'a-mail-link-secret-of-thirty-two-characters-or-more';
const block = (env: Record<string, string>) => notSetUpBlock(notSetUp(loadConfig({}, { MAIL_LINK_SECRET: SECRET, ...env })));
const FULL = {
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  MAIL_FROM: 'VPN Compass <news@example.com>',
  CONTACT_NOTIFY_TO: 'owner@example.com',
  STATS_TOKEN: 'a-stats-token-0123456789',
  TRUST_PROXY: '10.0.0.1',
};

describe('the block of what is not set up', () => {
  it('out of the box: mail to files, contact messages to no one, no stats API, no trusted proxy, a secret in a file', () => {
    const mailDir = resolve('var/mail');
    const file = resolve('var/mail-link-secret');
    expect(notSetUpBlock(notSetUp(loadConfig({}, {})))).toBe(
      [
        'Not set up (settings in .env; .env.example describes each):',
        `  SMTP_URL: mail is written to ${mailDir} as .eml files instead of being sent`,
        '  CONTACT_NOTIFY_TO: contact messages are stored but go to no one (read them with `vpnsite messages`), and the contact page promises no reply',
        '  STATS_TOKEN: the stats API (/api/clicks, /api/stats, /api/links) is off, and /stats says so',
        "  TRUST_PROXY: no proxy is trusted: right when visitors reach this port directly; behind a proxy or CDN every visitor is the proxy's address",
        `  MAIL_LINK_SECRET: the links in mails are signed with a secret kept in ${file}; set it on every machine that serves the site`,
      ].join('\n'),
    );
  });

  it('set up in full: nothing to say', () => {
    expect(block(FULL)).toBe('');
  });

  it('names each missing setting alone', () => {
    const without = (name: keyof typeof FULL) =>
      block(Object.fromEntries(Object.entries(FULL).filter(([k]) => k !== name && !(name === 'SMTP_URL' && k === 'MAIL_FROM'))));
    expect(without('SMTP_URL').split('\n').slice(1)).toEqual([
      `  SMTP_URL: mail is written to ${resolve('var/mail')} as .eml files instead of being sent`,
    ]);
    expect(
      without('CONTACT_NOTIFY_TO')
        .split('\n')
        .slice(1)
        .map((l) => l.split(':')[0]),
    ).toEqual(['  CONTACT_NOTIFY_TO']);
    expect(
      without('STATS_TOKEN')
        .split('\n')
        .slice(1)
        .map((l) => l.split(':')[0]),
    ).toEqual(['  STATS_TOKEN']);
    expect(
      without('TRUST_PROXY')
        .split('\n')
        .slice(1)
        .map((l) => l.split(':')[0]),
    ).toEqual(['  TRUST_PROXY']);
    // A proxy trusted by `true` is set up too.
    expect(block({ ...FULL, TRUST_PROXY: 'true' })).toBe('');
    expect(block({ ...FULL, MAIL_DIR: '/srv/mail', SMTP_URL: '', MAIL_FROM: '' })).toBe(
      'Not set up (settings in .env; .env.example describes each):\n  SMTP_URL: mail is written to /srv/mail as .eml files instead of being sent',
    );
  });
});
