/**
 * A service with mail on a real SMTP server on loopback, for the mail tests: started before a file's tests on the
 * database kind given and stopped after them, with the requests those tests make.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { listSubscribers } from '../../services/db/index.ts';
import { FIXTURE_DIST, startService, type DbKind, type RunningService } from './service.ts';
import { startInbox, type Inbox } from './smtp.ts';

export const SECRET = 'a-test-secret-of-more-than-32-characters';

/** The fixture site, with the two pages the confirmation and unsubscribe links serve. */
function distWithButtonPages(): string {
  const dist = join(mkdtempSync(join(tmpdir(), 'vpnsite-mail-dist-')), 'dist');
  cpSync(FIXTURE_DIST, dist, { recursive: true });
  for (const [name, label] of [
    ['unsubscribe', 'Unsubscribe'],
    ['confirm', 'Confirm'],
  ]) {
    mkdirSync(join(dist, 'newsletter', name!), { recursive: true });
    writeFileSync(
      join(dist, 'newsletter', name!, 'index.html'),
      `<!doctype html><title>${label}</title><form method="post" action="/newsletter/${name}"><button>${label}</button></form>\n`,
    );
  }
  return dist;
}

/** Whether a mail is addressed to `address`. */
export const to = (address: string) => (m: ParsedMail) =>
  m.to !== undefined && !Array.isArray(m.to) && m.to.value.some((a) => a.address === address);

/** The service and inbox of one file's mail tests, and the requests they make. */
export function mailHarness(kind: DbKind) {
  let inbox: Inbox;
  let svc: RunningService;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${svc.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  // The links lead to the public site (site.yaml's url, as no PUBLIC_URL is set); here they are followed to this service.
  const here = (link: string) => {
    const u = new URL(link);
    expect(u.origin).toBe('https://www.vpncompass.com');
    return `${svc.url}${u.pathname}${u.search}`;
  };
  const get = (url: string, headers: Record<string, string> = {}) => fetch(here(url), { redirect: 'manual', headers });
  /** The "Confirm" button's post, as a browser sends it from the confirmation page. */
  const press = (url: string) =>
    fetch(here(url), {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
  const subscriber = async (email: string) => (await listSubscribers(svc.db, 'all')).find((s) => s.email === email);

  beforeAll(async () => {
    inbox = await startInbox();
    svc = await startService(kind, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'VPN Compass <news@vpncompass.test>',
      CONTACT_NOTIFY_TO: 'owner@vpncompass.test',
      MAIL_LINK_SECRET: SECRET,
      MAIL_RETRY_SECONDS: '0.2',
      DIST_DIR: distWithButtonPages(),
      FORM_RATE_LIMIT: '1000',
    });
    // Links in the mails lead back to this service.
    svc.app.log.level = 'silent';
  });
  afterAll(async () => {
    await svc?.close();
    await inbox?.stop();
  });

  return {
    get inbox() {
      return inbox;
    },
    get svc() {
      return svc;
    },
    post,
    here,
    get,
    press,
    subscriber,
  };
}
