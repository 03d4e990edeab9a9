/** Outgoing mail: where it goes, who it is from and who is told of a contact message. */
import { Type } from '@sinclair/typebox';
import { ORIGIN, NO_SPACES } from './patterns.ts';

export const mail = {
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://[^/\\s]',
      accepts: 'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com',
      secret: true,
      description:
        'Mail (docs/mail.md). smtp:// or smtps:// URL with user and password; empty: every mail is written to MAIL_DIR as an .eml file instead, and the log says so once.',
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      description: 'The sender, Name <address>; required with SMTP_URL. Its address is also the mailto: of List-Unsubscribe.',
    }),
  ),
  CONTACT_NOTIFY_TO: Type.Optional(
    Type.String({
      description: 'One address that receives every contact message, with the visitor as Reply-To; empty: messages are only stored.',
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      accepts: 'an origin such as https://www.example.com',
      description: "The origin the links in mails point to. Empty: site.yaml's url with SMTP_URL, this service's address without.",
    }),
  ),
  MAIL_LINK_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      pattern: NO_SPACES,
      accepts: 'at least 32 characters without spaces (e.g. openssl rand -hex 32)',
      secret: true,
      description:
        'Signs the links in mails (e.g. `openssl rand -hex 32`). Empty: one is made and kept in var/mail-link-secret. Set the same value on every machine that serves the site or exports the list.',
    }),
  ),
  MAIL_RETRY_SECONDS: Type.Number({
    default: 60,
    exclusiveMinimum: 0,
    maximum: 3600,
    accepts: 'a number of seconds from 0 to 3600',
    description: 'Seconds before the first retry of a mail that could not be sent; each retry waits twice as long, up to an hour.',
  }),
  MAIL_DIR: Type.String({ default: 'var/mail', description: 'Where mail is written without SMTP_URL.' }),
};
