/**
 * What the owner has not set up, and what follows from it, said once at start-up in one short block: a service that
 * runs out of the box writes mail to files, forwards contact messages to no one, has no stats API and trusts no
 * proxy, and nothing else would tell whoever started it.
 */
import type { ServiceConfig } from './config.ts';

export interface NotSetUp {
  /** The setting that is missing. */
  setting: string;
  /** What happens without it. */
  effect: string;
}

/** Each setting left out whose absence changes what the service does, in the order the block lists them. */
export function notSetUp(config: ServiceConfig): NotSetUp[] {
  const out: NotSetUp[] = [];
  const { mail } = config;
  if (!mail.smtpUrl) out.push({ setting: 'SMTP_URL', effect: `mail is written to ${mail.mailDir} as .eml files instead of being sent` });
  if (!mail.contactNotifyTo)
    out.push({
      setting: 'CONTACT_NOTIFY_TO',
      effect: 'contact messages are stored but go to no one (read them with `vpnsite messages`), and the contact page promises no reply',
    });
  if (!config.statsToken)
    out.push({ setting: 'STATS_TOKEN', effect: 'the stats API (/api/clicks, /api/stats, /api/links) is off, and /stats says so' });
  if (config.trustProxy === false)
    out.push({
      setting: 'TRUST_PROXY',
      effect:
        "no proxy is trusted: right when visitors reach this port directly; behind a proxy or CDN every visitor is the proxy's address",
    });
  if (mail.linkSecretFrom !== 'MAIL_LINK_SECRET')
    out.push({
      setting: 'MAIL_LINK_SECRET',
      effect: `the links in mails are signed with a secret kept in ${mail.linkSecretFrom}; set it on every machine that serves the site`,
    });
  return out;
}

/** The block as printed: a heading and one line a setting; empty when everything is set up. */
export function notSetUpBlock(items: readonly NotSetUp[]): string {
  if (!items.length) return '';
  return ['Not set up (settings in .env; .env.example describes each):', ...items.map((i) => `  ${i.setting}: ${i.effect}`)].join('\n');
}

/** Logs the block once, with the settings' names as a field for log collectors; nothing when all is set up. */
export function sayNotSetUp(config: ServiceConfig, log: { warn: (obj: object, msg: string) => void }): void {
  const missing = notSetUp(config);
  if (missing.length) log.warn({ notSetUp: missing.map((m) => m.setting) }, notSetUpBlock(missing));
}
