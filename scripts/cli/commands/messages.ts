/**
 * vpnsite messages [show ID | handle ID…] and vpnsite subscribers export | unsubscribe EMAIL | forget EMAIL: the
 * owner reads what the contact form collected, marks it handled, exports the newsletter's list, and unsubscribes or
 * erases an address on request. Like every command that touches the database,
 * they work while `vpnsite serve` runs (through it, on the embedded database) and while it does not.
 */
import { Option, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import {
  dbConfigFromEnv,
  forgetAddress,
  getMessage,
  handleMessages,
  listMessages,
  listSubscribers,
  openDbForCommand,
  unsubscribeAddress,
  type Db,
  type SubscriberStatus,
} from '../../../services/db/index.ts';
import { unsubscribeUrl } from '../../../services/mail/compose.ts';
import { mailConfigFromEnv } from '../../../services/mail/config.ts';
import { isValidEmail } from '../../../services/shared/email.ts';
import { formatRecords, isIsoDay, type RecordFormat } from '../../../services/shared/reports/index.ts';
import { readEnv } from '../../../services/shared/env-read.ts';

/** Opens the database for one command and closes it however the command ends. */
async function withDb<T>(command: string, task: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDbForCommand(dbConfigFromEnv(), command);
  try {
    return await task(db);
  } catch (err) {
    // 42P01 / 42703: a table or column the migrations add, i.e. a database not migrated to this version.
    if (['42P01', '42703'].includes((err as { code?: string }).code ?? ''))
      throw new Error('the database is not up to date: run `vpnsite db migrate` (or start `vpnsite serve` once)');
    throw err;
  } finally {
    await db.close();
  }
}

const usageError = (cmd: Command, message: string): never => cmd.error(`error: ${message}`, { exitCode: 2, code: 'vpnsite.usage' });

/** Message ids as the command line gives them: positive whole numbers. */
function ids(values: string[], cmd: Command): number[] {
  return values.map((v) =>
    /^[1-9]\d{0,15}$/.test(v) ? Number(v) : usageError(cmd, `'${v}' is not a message id (a whole number, as \`vpnsite messages\` lists)`),
  );
}

export function registerMessages(program: Command): void {
  const messages = program
    .command('messages')
    .description('contact messages, newest first (DATABASE_URL, or embedded PGlite)')
    .option('--since <date>', 'only those received on or after this UTC day, YYYY-MM-DD')
    .option('--unhandled', 'only those not yet marked handled')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'))
    .action(async (flags: { since?: string; unhandled?: boolean; format: RecordFormat }, cmd: Command) => {
      if (flags.since !== undefined && !isIsoDay(flags.since))
        usageError(cmd, `--since must be a date, YYYY-MM-DD (found "${flags.since}")`);
      const rows = await withDb('messages', (db) => listMessages(db, flags));
      // The table cuts long cells so each message stays one line (`messages show` prints one whole); CSV and JSON
      // carry every field whole.
      const cols = ['id', 'received_at', 'name', 'email', 'subject', 'message', 'handled_at'] as const;
      process.stdout.write(
        flags.format === 'table' && rows.length === 0 ? 'no messages\n' : formatRecords(rows, [...cols], flags.format, 40),
      );
    });

  messages
    .command('show')
    .description('print one message whole')
    .argument('<id>', 'the message id, as `vpnsite messages` lists it')
    .action(async (id: string, _flags: unknown, cmd: Command) => {
      const [n] = ids([id], cmd);
      const m = await withDb('messages show', (db) => getMessage(db, n!));
      if (!m) {
        console.error(`error: there is no message ${n}`);
        process.exitCode = 1;
        return;
      }
      const head = [
        `Message ${m.id}`,
        `From: ${m.name} <${m.email}>`,
        `Received: ${m.received_at}`,
        `Subject: ${m.subject ?? '(none)'}`,
        `Handled: ${m.handled_at ?? 'no'}`,
      ];
      process.stdout.write(`${head.join('\n')}\n\n${m.message}\n`);
    });

  messages
    .command('handle')
    .description('mark messages handled, so that --unhandled leaves them out')
    .argument('<id...>', 'one or more message ids')
    .action(async (values: string[], _flags: unknown, cmd: Command) => {
      const wanted = ids(values, cmd);
      const done = await withDb('messages handle', (db) => handleMessages(db, wanted));
      const missing = wanted.filter((id) => !done.includes(id));
      if (done.length) console.log(`marked handled: ${done.join(', ')}`);
      if (missing.length) {
        console.error(`error: there is no message ${missing.join(', ')}`);
        process.exitCode = 1;
      }
    });
}

/** The origin of the links the export prints: PUBLIC_URL, or the site's own url in site.yaml. */
function publicOrigin(dataDir: string, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const file = join(dataDir, 'site.yaml');
  const url = (parse(readFileSync(file, 'utf8')) as { url?: unknown } | null)?.url;
  if (typeof url !== 'string')
    throw new Error(`${file} has no url, and PUBLIC_URL is not set: one of them gives the site's address for the unsubscribe links`);
  return new URL(url).origin;
}

export function registerSubscribers(program: Command): void {
  const subscribers = program.command('subscribers').description("the newsletter's subscribers");
  subscribers
    .command('export')
    .description('print the list, for any mailing tool: confirmed subscribers unless --status says otherwise')
    .addOption(
      new Option('--status <status>', 'which subscribers').choices(['confirmed', 'pending', 'unsubscribed', 'all']).default('confirmed'),
    )
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json', 'table']).default('csv'))
    .option(
      '--data <dir>',
      'the content directory, whose site.yaml gives the address for the links',
      readEnv(['VPNSITE_DATA_DIR']).VPNSITE_DATA_DIR,
    )
    .action(async (flags: { status: SubscriberStatus | 'all'; format: RecordFormat; data: string }) => {
      const mail = mailConfigFromEnv();
      const ctx = { origin: publicOrigin(resolve(flags.data), mail.publicUrl), linkSecret: mail.linkSecret };
      const rows = (await withDb('subscribers export', (db) => listSubscribers(db, flags.status))).map(({ id, ...s }) => ({
        ...s,
        // An address that left keeps its row, so it is never sent to again; it has no link to leave a second time.
        unsubscribe_url: s.status === 'unsubscribed' ? null : unsubscribeUrl(ctx, id),
      }));
      const cols = ['email', 'status', 'subscribed_at', 'consent_source', 'confirmed_at', 'unsubscribed_at', 'unsubscribe_url'] as const;
      process.stdout.write(
        flags.format === 'table' && rows.length === 0 ? 'no subscribers\n' : formatRecords(rows, [...cols], flags.format, 50),
      );
    });
  subscribers
    .command('unsubscribe')
    .description('unsubscribe an address, e.g. on a request that came by mail; its row stays, marked, so it is never exported again')
    .argument('<email>', 'the address')
    .action(async (email: string, _flags: unknown, cmd: Command) => {
      if (!isValidEmail(email.trim())) usageError(cmd, `'${email}' is not an email address`);
      if (await withDb('subscribers unsubscribe', (db) => unsubscribeAddress(db, email))) console.log(`unsubscribed ${email.trim()}`);
      else {
        console.error(`error: ${email.trim()} is not on the list`);
        process.exitCode = 1;
      }
    });
  subscribers
    .command('forget')
    .description('erase an address on request: its newsletter sign-up, every contact message from it, and every mail to or about it')
    .argument('<email>', 'the address to erase')
    .action(async (email: string, _flags: unknown, cmd: Command) => {
      if (!isValidEmail(email.trim())) usageError(cmd, `'${email}' is not an email address`);
      const erased = await withDb('subscribers forget', (db) => forgetAddress(db, email));
      const what = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      console.log(
        `removed ${what(erased.subscribers, 'newsletter subscription', 'newsletter subscriptions')}, ${what(erased.signups, 'sign-up not yet worked', 'sign-ups not yet worked')}, ` +
          `${what(erased.messages, 'contact message', 'contact messages')} and ${what(erased.mails, 'mail', 'mails')} of ${email.trim()}`,
      );
    });
}
