/** Mail settings, read once from the environment by `vpnsite serve` and by the commands that print mail links. */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isValidEmail } from '../shared/email.ts';

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
function linkSecret(env: NodeJS.ProcessEnv, file: string): { secret: string; from: string } {
  const given = env.MAIL_LINK_SECRET;
  if (given) {
    if (given.length < 32 || /\s/.test(given))
      throw new Error('MAIL_LINK_SECRET must be at least 32 characters without spaces (e.g. openssl rand -hex 32)');
    return { secret: given, from: 'MAIL_LINK_SECRET' };
  }
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

export function mailConfigFromEnv(env = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/\s]/.test(smtpUrl))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com');
  const from = env.MAIL_FROM || (smtpUrl ? '' : 'VPN Compass <newsletter@localhost>');
  if (!from)
    throw new Error('MAIL_FROM must be set when SMTP_URL is: the address mail is sent from, e.g. VPN Compass <newsletter@example.com>');
  if (!addressOf(from)) throw new Error(`MAIL_FROM must be an address or Name <address> (found "${from}")`);
  const contactNotifyTo = env.CONTACT_NOTIFY_TO?.trim() || undefined;
  if (contactNotifyTo && !isValidEmail(contactNotifyTo))
    throw new Error(`CONTACT_NOTIFY_TO must be one email address (found "${contactNotifyTo}")`);
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/\s]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an origin such as https://www.example.com (found "${publicUrl}")`);
  const retry = env.MAIL_RETRY_SECONDS ? Number(env.MAIL_RETRY_SECONDS) : 60;
  if (!(retry > 0 && retry <= 3600))
    throw new Error(`MAIL_RETRY_SECONDS must be a number of seconds from 0 to 3600 (found "${env.MAIL_RETRY_SECONDS}")`);
  const mailDir = resolve(env.MAIL_DIR || 'var/mail');
  const secret = linkSecret(env, resolve('var/mail-link-secret'));
  return {
    smtpUrl,
    from,
    contactNotifyTo,
    publicUrl,
    linkSecret: secret.secret,
    linkSecretFrom: secret.from,
    retrySeconds: retry,
    mailDir,
  };
}
