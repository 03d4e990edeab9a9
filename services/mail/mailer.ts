/**
 * Sends what the outbox holds. `vpnsite serve` runs one: it works the stored newsletter sign-ups, then sends every
 * due mail (and deletes, once an hour, sign-ups never confirmed within 30 days), nudged by each form post and otherwise every few seconds. A mail that cannot be sent (SMTP down, a
 * refused login, a timeout) is tried again later, waiting twice as long each time up to an hour; one the server
 * refuses for good (a 5xx for its recipient), or still unsent after 7 days, is marked failed and logged.
 *
 * Without SMTP_URL each mail is written to MAIL_DIR as an .eml file, which any mail program opens.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import writeFileAtomic from 'write-file-atomic';
import { UNCONFIRMED_DAYS } from '../db/subscribers.ts';
import { backoffDelay } from '../shared/backoff.ts';
import {
  getMessage,
  getSubscriber,
  mailFinished,
  mailRetry,
  mailSent,
  priceCheckRun,
  purgeUnconfirmed,
  takeDueMail,
  takeSignups,
  type Db,
  type OutboxRow,
} from '../db/index.ts';
import { confirmationMail, contactNotification, type MailContext } from './compose.ts';
import { priceCheckMail } from './price-mail.ts';
import type { MailConfig } from './config.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  db: Db;
  config: MailConfig;
  siteName: string;
  /** The origin the links in mails point to, asked for when a mail is written. */
  origin: () => string;
  /** False while the database is unreachable or not migrated: the mailer then waits. */
  ready: () => boolean;
  log: Log;
}

const GIVE_UP_MS = 7 * 24 * 3600_000;
/** How long a sender holds a mail it took; longer than any send may take with the timeouts below. */
const HOLD_SECONDS = 300;
const BATCH = 20;

export class Mailer {
  private readonly transport: Transporter;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private purgedAt = 0;

  constructor(private readonly opts: MailerOptions) {
    const { config } = opts;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.pollMs = Math.min(5000, config.retrySeconds * 1000);
  }

  /** Starts the loop, and says once where mail goes when it is sent (start-up's block says when it is not). */
  start(): void {
    const { config, log } = this.opts;
    if (config.smtpUrl) log.info({ smtp: new URL(config.smtpUrl).host, from: config.from }, 'mail is sent through SMTP_URL');
    this.schedule(0);
  }

  /** Runs soon: something was just queued. */
  nudge(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Waits for the run under way and stops. Whatever is still queued is sent by the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = this.work().catch((err: unknown) =>
      this.opts.log.warn({ err }, 'the mail outbox could not be worked just now; trying again shortly'),
    );
    await this.running;
    this.running = undefined;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : this.pollMs);
  }

  /** One pass: every stored sign-up, then every due mail; and, once an hour, unconfirmed sign-ups past their time. */
  async work(): Promise<void> {
    if (!this.opts.ready()) return;
    const { db } = this.opts;
    if (Date.now() - this.purgedAt > 3600_000) {
      const purged = await purgeUnconfirmed(db);
      this.purgedAt = Date.now();
      if (purged) this.opts.log.info({ purged }, `deleted ${purged} newsletter sign-ups never confirmed within ${UNCONFIRMED_DAYS} days`);
    }
    while ((await takeSignups(db, 100)) === 100 && !this.stopped);
    for (;;) {
      const due = await takeDueMail(db, BATCH, HOLD_SECONDS);
      for (const row of due) await this.send(row);
      if (due.length < BATCH || this.stopped) return;
    }
  }

  private context(): MailContext {
    return {
      siteName: this.opts.siteName,
      origin: this.opts.origin(),
      from: this.opts.config.from,
      linkSecret: this.opts.config.linkSecret,
    };
  }

  /** The mail for a row, or why there is none to send any more. */
  private async compose(row: OutboxRow): Promise<SendMailOptions | string> {
    const { db } = this.opts;
    if (row.kind === 'newsletter-confirm') {
      const s = await getSubscriber(db, row.ref_id);
      if (s?.status !== 'pending' || !s.confirm_nonce) return 'the address was confirmed, unsubscribed or erased before the mail went';
      return confirmationMail(this.context(), s.email, s.id, s.confirm_nonce);
    }
    if (row.kind === 'price-check') {
      const rows = await priceCheckRun(db, row.ref_id);
      if (!rows.length) return 'the price check it was about was deleted before the mail went';
      return priceCheckMail(this.context(), row.recipient, rows);
    }
    const m = await getMessage(db, row.ref_id);
    if (!m) return 'the message was erased before it was forwarded';
    return contactNotification(this.context(), row.recipient, row.reply_to, m);
  }

  private async send(row: OutboxRow): Promise<void> {
    const { db, log, config } = this.opts;
    const mail = await this.compose(row);
    if (typeof mail === 'string') return mailFinished(db, row.id, 'skipped', mail);
    try {
      const info = await this.transport.sendMail(mail);
      if (!config.smtpUrl) await mkdir(config.mailDir, { recursive: true });
      if (!config.smtpUrl)
        await writeFileAtomic(
          join(config.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.kind}-${row.id}.eml`),
          info.message as Buffer,
          { mode: 0o600 },
        );
      await mailSent(db, row.id, info.messageId);
    } catch (err) {
      const e = err as Error & { responseCode?: number; code?: string };
      const why = `${e.code ? `${e.code}: ` : ''}${e.message}`;
      // A 5xx about the envelope or the message is the server's final word on this mail; anything else (a refused
      // login, a connection that failed, a 4xx) may pass later.
      const final = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && (e.responseCode ?? 0) >= 500;
      if (final || Date.now() - Date.parse(row.created_at) > GIVE_UP_MS) {
        log.error(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: why },
          'a mail could not be sent and will not be tried again',
        );
        return mailFinished(db, row.id, 'failed', why);
      }
      const after = backoffDelay(row.attempts, { initial: config.retrySeconds, max: 3600 });
      log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInSeconds: after, err: why },
        'a mail could not be sent; it stays in the outbox and is tried again',
      );
      await mailRetry(db, row.id, after, why);
    }
  }
}
