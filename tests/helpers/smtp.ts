/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed (mailparser), so tests read the
 * mail the service sent and follow its links. It can be stopped and started again on the same port, as an outage.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';

export interface Inbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ParsedMail[];
  /** Resolves with the first mail (received or still to come) that matches; fails after `timeoutMs`. */
  waitFor(match: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Stops listening: connections are refused, as when the mail server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startInbox(port?: number): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const waiting = new Set<{ match: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }>();
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            for (const w of waiting) if (w.match(mail)) waiting.delete(w), w.resolve(mail);
            done();
          },
          (err: Error) => done(err),
        );
      },
    });
  const at = port ?? (await freePort());
  let server: SMTPServer | undefined;
  const inbox: Inbox = {
    url: `smtp://127.0.0.1:${at}`,
    port: at,
    received,
    waitFor(match, timeoutMs = 60_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { match, resolve: (m: ParsedMail) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(
          () => (
            waiting.delete(w),
            reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${received.map((m) => m.subject).join(' | ') || 'none'}`))
          ),
          timeoutMs,
        );
        waiting.add(w);
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    async start() {
      server = make();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(at, '127.0.0.1', () => resolve());
      });
    },
  };
  await inbox.start();
  return inbox;
}

/** The links in a mail's text part. */
export function linksIn(mail: ParsedMail): string[] {
  return [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}
