/**
 * The newsletter's whole path, as a reader meets it: sign up in the footer, take the confirmation mail from a real
 * SMTP server, open its link in the browser and press its Confirm button; then unsubscribe from the mail's page and
 * with the one POST a mail client sends, and find the address gone from the export. And a contact message, forwarded
 * to the owner with the visitor as Reply-To, and listed by `vpnsite messages`.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { linksIn, startInbox, type Inbox } from '../helpers/smtp.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const browser = useBrowser();
let inbox: Inbox;
let svc: ServeProcess;
let env: Record<string, string>;

beforeAll(async () => {
  inbox = await startInbox();
  svc = await spawnServe(
    (url) =>
      (env = {
        DIST_DIR: inject('distDir'),
        DATABASE_URL: '',
        PGLITE_DIR: freshPgliteDir(),
        SMTP_URL: inbox.url,
        MAIL_FROM: 'VPN Compass <news@vpncompass.test>',
        CONTACT_NOTIFY_TO: 'owner@vpncompass.test',
        MAIL_LINK_SECRET: 'an-e2e-secret-of-more-than-32-characters',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        // A send that times out on a machine loaded by the other test files is tried again a second later, not a
        // minute later: that the outbox retries is tests/integration/newsletter-mail.test.ts's subject.
        MAIL_RETRY_SECONDS: '1',
      }),
    '/healthz/db',
  );
});
afterAll(async () => {
  if (svc) await stop(svc);
  await inbox?.stop();
});

/** The first mail that matches, or a failure with what the service logged (a send that failed says why). */
const mailFor = (match: Parameters<Inbox['waitFor']>[0]) =>
  inbox.waitFor(match).catch((err: Error) => {
    throw new Error(`${err.message}\nthe service logged:\n${svc.output()}`);
  });

const exported = async (status: string) => {
  const r = await vpnsiteAsync(['subscribers', 'export', '--status', status, '--format', 'json'], env);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { email: string; status: string; unsubscribe_url: string | null; consent_source: string }[];
};

describe('newsletter by mail', () => {
  it('signs up in the footer, confirms from the mail, and leaves with one click', async () => {
    const address = `reader-${Date.now()}@example.com`;
    const { page } = await browser.open(`${svc.url}/vpn-deals`);
    await hydrated(page);
    const form = page.locator('footer form');
    await form.getByLabel('Email address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // The toast as before, and the page says a confirmation mail is on its way.
    await expect(page.getByText('Check your inbox to confirm your subscription.').waitFor()).resolves.toBeUndefined();
    await expect(
      page.getByText('We have sent you an email. Open the link in it to confirm: until you do, you are not subscribed.').waitFor(),
    ).resolves.toBeUndefined();

    const mail = await mailFor((m) => m.text?.includes('/newsletter/confirm?token=') === true && JSON.stringify(m.to).includes(address));
    expect((await exported('pending')).find((s) => s.email === address)).toMatchObject({ consent_source: 'newsletter form on /vpn-deals' });
    const link = linksIn(mail).find((l) => l.includes('/newsletter/confirm?token='))!;
    expect(link.startsWith(`${svc.url}/newsletter/confirm?token=`)).toBe(true);
    // Opening the link shows one button and confirms nothing; the button does.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm Your Subscription' }).waitFor()).resolves.toBeUndefined();
    expect((await exported('pending')).map((s) => s.email)).toContain(address);
    expect(await page.getByRole('button').filter({ hasText: 'Confirm' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Subscription Confirmed' }).waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/newsletter/confirmed');
    const confirmed = (await exported('confirmed')).find((s) => s.email === address)!;
    expect(confirmed.status).toBe('confirmed');

    // The mail's unsubscribe page: one button, which posts back to the same link.
    const unsubscribe = linksIn(mail).find((l) => l.includes('/newsletter/unsubscribe?token='))!;
    expect(unsubscribe).toBe(confirmed.unsubscribe_url);
    await page.goto(unsubscribe);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from Our Newsletter' }).waitFor()).resolves.toBeUndefined();
    expect(await page.getByRole('button').filter({ hasText: 'Unsubscribe' }).count()).toBe(1);

    // A mail client's one click: a single POST with the RFC 8058 body, no page, no second step.
    const res = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await exported('confirmed')).map((s) => s.email)).not.toContain(address);
    expect((await exported('unsubscribed')).find((s) => s.email === address)).toMatchObject({
      status: 'unsubscribed',
      unsubscribe_url: null,
    });
    // The page's link now says it is done.
    await page.goto(unsubscribe);
    await expect(page.getByRole('heading', { name: "You're Unsubscribed" }).waitFor()).resolves.toBeUndefined();
  });

  it("unsubscribes with the page's own button, also without JavaScript", async () => {
    const quiet = `nojs-${Date.now()}@example.com`;
    await fetch(`${svc.url}/api/newsletter-subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: quiet }),
    });
    const first = await mailFor((m) => JSON.stringify(m.to).includes(quiet));
    const plain = await browser.open(linksIn(first).find((l) => l.includes('/newsletter/unsubscribe?token='))!, { javaScript: false });
    await plain.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await plain.page.waitForURL('**/newsletter/unsubscribed');
    expect((await exported('unsubscribed')).map((s) => s.email)).toContain(quiet);

    const address = `button-${Date.now()}@example.com`;
    expect(
      (
        await fetch(`${svc.url}/api/newsletter-subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: address }),
        })
      ).status,
    ).toBe(200);
    const mail = await mailFor((m) => JSON.stringify(m.to).includes(address));
    const { page } = await browser.open(linksIn(mail).find((l) => l.includes('/newsletter/unsubscribe?token='))!);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: "You're Unsubscribed" }).waitFor()).resolves.toBeUndefined();
    expect((await exported('unsubscribed')).map((s) => s.email)).toContain(address);
    // A link cut short on its way leads to a page that says so.
    await page.goto(`${svc.url}/newsletter/confirm?token=c.1.abc`);
    await expect(page.getByRole('heading', { name: 'This Link Is Not Valid' }).waitFor()).resolves.toBeUndefined();
  });

  it('forwards a contact message to the owner, who answers the visitor by replying', async () => {
    const address = `writer-${Date.now()}@example.com`;
    const { page } = await browser.open(`${svc.url}/contact-us`);
    await hydrated(page);
    await page.getByLabel('Name *').fill('Maria Silva');
    await page.getByLabel('Email *').fill(address);
    await page.getByLabel('Subject (optional)').fill('Router help');
    await page.getByLabel('Message *').fill('Which guide covers my router?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const mail = await mailFor((m) => m.replyTo?.value[0]?.address === address);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address).toBe('owner@vpncompass.test');
    expect(mail.replyTo?.value[0]?.name).toBe('Maria Silva');
    expect(mail.subject).toBe('Contact form: Router help');
    expect(mail.text).toContain('Which guide covers my router?');
    const listed = await vpnsiteAsync(['messages', '--unhandled', '--format', 'json'], env);
    expect((JSON.parse(listed.stdout) as { email: string; subject: string }[]).find((m) => m.email === address)).toMatchObject({
      subject: 'Router help',
    });
  });
});
