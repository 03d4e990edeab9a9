/** The mails the service sends, written from the rows they are about at the moment they go out. */
import type { SendMailOptions } from 'nodemailer';
import type { StoredMessage } from '../db/index.ts';
import { addressOf } from './config.ts';
import { confirmToken, unsubscribeToken } from './tokens.ts';

export interface MailContext {
  /** The site's name, e.g. VPN Compass. */
  siteName: string;
  /** The origin links point to, without a trailing slash. */
  origin: string;
  from: string;
  linkSecret: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The subscriber's own unsubscribe link: in every mail, and in the export. */
export const unsubscribeUrl = (ctx: Pick<MailContext, 'origin' | 'linkSecret'>, subscriber: number) =>
  `${ctx.origin}/newsletter/unsubscribe?token=${unsubscribeToken(ctx.linkSecret, subscriber)}`;

/**
 * Every newsletter mail carries List-Unsubscribe with an HTTPS link and a mailto:, and List-Unsubscribe-Post, so a
 * mail client's own unsubscribe button works with one POST (RFC 8058).
 */
function listHeaders(ctx: MailContext, subscriber: number): Pick<SendMailOptions, 'headers'> {
  const mailto = `mailto:${addressOf(ctx.from)}?subject=unsubscribe`;
  // One header with both, as RFC 2369 has it (nodemailer's `list` option writes one header for each).
  return {
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(ctx, subscriber)}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function confirmationMail(ctx: MailContext, to: string, subscriber: number, nonce: string, now = Date.now()): SendMailOptions {
  const link = `${ctx.origin}/newsletter/confirm?token=${confirmToken(ctx.linkSecret, subscriber, nonce, now)}`;
  const leave = unsubscribeUrl(ctx, subscriber);
  const text = [
    `Please confirm that you want the ${ctx.siteName} newsletter at this address: open this link and press Confirm.`,
    '',
    link,
    '',
    'The link works for 7 days. If you did not sign up, ignore this mail: without a confirmation you will get no other mail from us.',
    '',
    `To stop these mails: ${leave}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>Please confirm that you want the ${escape(ctx.siteName)} newsletter at this address.</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm my subscription</a></p>
<p>Or open this link: <a href="${escape(link)}">${escape(link)}</a></p>
<p>The page it opens has one Confirm button: nothing happens until you press it.</p>
<p>The link works for 7 days. If you did not sign up, ignore this mail: without a confirmation you will get no other mail from us.</p>
<p style="font-size:13px;color:#475569"><a href="${escape(leave)}">Unsubscribe</a></p>
</body></html>`;
  return {
    from: ctx.from,
    to,
    subject: `Confirm your subscription to the ${ctx.siteName} newsletter`,
    text,
    html,
    ...listHeaders(ctx, subscriber),
  };
}

/**
 * A contact message forwarded to the owner. Reply-To is the visitor, so answering the mail answers them; the
 * address was checked by the email rule before it was stored, and nodemailer encodes every header it writes.
 */
export function contactNotification(ctx: MailContext, to: string, replyTo: string | null, m: StoredMessage): SendMailOptions {
  const subject = m.subject?.trim() || m.message.trim().split(/\s+/).slice(0, 8).join(' ');
  const text = [
    `From: ${m.name} <${m.email}>`,
    ...(m.subject ? [`Subject: ${m.subject}`] : []),
    `Received: ${m.received_at}`,
    '',
    m.message,
    '',
    '--',
    `Message ${m.id} from the contact form of ${ctx.siteName}. Reply to this mail to answer ${m.name}.`,
    `Mark it handled with: vpnsite messages handle ${m.id}`,
  ].join('\n');
  return {
    from: ctx.from,
    to,
    ...(replyTo ? { replyTo: { name: m.name, address: replyTo } } : {}),
    subject: `Contact form: ${subject}`.slice(0, 200),
    text,
  };
}
