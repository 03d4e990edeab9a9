/** Mail settings, read once from the environment by `vpnsite serve` and by the commands that print mail links. */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isValidEmail } from '../shared/email.ts';
import { readEnv } from '../shared/env-read.ts';

export interface MailConfig {
  /** smtp:// or smtps:// URL; without it mail is written as .eml files to `mailDir`. */
  smtpUrl?: string;
  /** The sender: an address, or `Name <address>`. */
  from: string;
  /** Where contact messages are forwarded; none are when unset. */
  contactNotifyTo?: string;
  /** The origin the links in mails point to (PUBLIC_URL); unset, the service picks one (see mailer.ts). */
  publicUrl?: string;
  /** Signs the links in mails. */
  linkSecret: string;
  /** Where the secret came from: the environment, or a file made on first use. */
  linkSecretFrom: 'MAIL_LINK_SECRET' | string;
  /** Seconds before the first retry of a mail that could not be sent; each retry waits twice as long, to an hour. */
  retrySeconds: number;
  /** Where mail is written while SMTP_URL is unset. */
  mailDir: string;
}

const ADDRESS = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/;

/** The address part of `Name <address>` or of a bare address; undefined when it is not one. */
export function addressOf(value: string): string | undefined {
  const m = ADDRESS.exec(value.trim());
  const address = m?.[1] ?? m?.[2];
  return address && isValidEmail(address) ? address : undefined;
}

/**
 * Reads MAIL_LINK_SECRET, or keeps one in `file` (made on first use, readable by this user alone), so `npm start`
 * needs no set-up. Several machines must share one secret: set MAIL_LINK_SECRET on each.
 */
function linkSecret(given: string | undefined, file: string): { secret: string; from: string } {
  if (given) return { secret: given, from: 'MAIL_LINK_SECRET' };
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return { secret: read(), from: file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // Written whole under another name, then linked into place: a second process starting at the same moment either
  // links first or reads the complete file the first one linked.
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return { secret: read(), from: file };
}

/** Reads the mail settings (services/shared/env-schema.ts); throws one readable line on a bad value. */
export function mailConfigFromEnv(env = process.env): MailConfig {
  const e = readEnv(
    ['SMTP_URL', 'MAIL_FROM', 'CONTACT_NOTIFY_TO', 'PUBLIC_URL', 'MAIL_LINK_SECRET', 'MAIL_RETRY_SECONDS', 'MAIL_DIR'],
    env,
  );
  const from = e.MAIL_FROM?.trim() || (e.SMTP_URL ? '' : 'VPN Compass <newsletter@localhost>');
  if (!from)
    throw new Error('MAIL_FROM must be set when SMTP_URL is: the address mail is sent from, e.g. VPN Compass <newsletter@example.com>');
  if (!addressOf(from)) throw new Error(`MAIL_FROM must be an address or Name <address> (found "${from}")`);
  const contactNotifyTo = e.CONTACT_NOTIFY_TO?.trim();
  if (contactNotifyTo && !isValidEmail(contactNotifyTo))
    throw new Error(`CONTACT_NOTIFY_TO must be one email address (found "${contactNotifyTo}")`);
  const secret = linkSecret(e.MAIL_LINK_SECRET, resolve('var/mail-link-secret'));
  return {
    smtpUrl: e.SMTP_URL,
    from,
    contactNotifyTo,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    linkSecret: secret.secret,
    linkSecretFrom: secret.from,
    retrySeconds: e.MAIL_RETRY_SECONDS,
    mailDir: resolve(e.MAIL_DIR),
  };
}
