/**
 * The newsletter's double opt-in and the contact form's forwarding, through a real SMTP server on loopback, on
 * PostgreSQL and on the embedded database: the mail that arrives is parsed and its links followed.
 */
import { describe, expect, it } from 'vitest';
import { forgetAddress, listSubscribers, purgeUnconfirmed } from '../../services/db/index.ts';
import { confirmToken, unsubscribeToken } from '../../services/mail/tokens.ts';
import { mailHarness, SECRET, to } from '../helpers/mail-harness.ts';
import { DB_KINDS } from '../helpers/service.ts';
import { linksIn } from '../helpers/smtp.ts';

describe.each(DB_KINDS)('mail on %s', (kind) => {
  const world = mailHarness(kind);
  const { post, here, get, press, subscriber } = world;

  it('confirms a sign-up through the link in its mail, and unsubscribes with one POST', async () => {
    const res = await post('/api/newsletter-subscribe', { email: ' Reader@Example.com ' }, { referer: `${world.svc.url}/deals` });
    expect(res.status).toBe(200);
    const mail = await world.inbox.waitFor(to('reader@example.com'));
    expect(mail.subject).toBe('Confirm your subscription to the VPN Compass newsletter');
    expect(mail.from?.value[0]?.address).toBe('news@vpncompass.test');
    expect(await subscriber('reader@example.com')).toMatchObject({
      status: 'pending',
      consent_source: 'newsletter form on /deals',
      confirmed_at: null,
    });

    // RFC 8058: one List-Unsubscribe with an HTTPS-able URL and a mailto:, and the one-click marker.
    expect(mail.headerLines.filter((h) => h.key === 'list-unsubscribe-post').map((h) => h.line)).toEqual([
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
    const unsubscribeHeader = mail.headerLines.filter((h) => h.key === 'list-unsubscribe');
    expect(unsubscribeHeader).toHaveLength(1);
    const [httpUnsub, mailto] = [...unsubscribeHeader[0]!.line.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
    expect(httpUnsub).toMatch(/\/newsletter\/unsubscribe\?token=u\./);
    expect(mailto).toBe('mailto:news@vpncompass.test?subject=unsubscribe');

    const confirm = linksIn(mail).find((l) => l.includes('/newsletter/confirm?token='))!;
    // Opening the link shows the page with its one button, posting to this very link, and confirms nothing.
    const opened = await get(confirm, { accept: 'text/html' });
    expect([opened.status, opened.headers.get('cache-control'), opened.headers.get('referrer-policy')]).toEqual([
      200,
      'no-store',
      'no-referrer',
    ]);
    expect(await opened.text()).toContain(
      `<form method="post" action="/newsletter/confirm?token=${new URL(confirm).searchParams.get('token')}"><button>Confirm</button>`,
    );
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });
    const followed = await press(confirm);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    // Pressed twice (a second click): still confirmed, still the same page.
    expect((await press(confirm)).headers.get('location')).toBe('/newsletter/confirmed');

    // The unsubscribe page, for a person: the site's page, with its button posting to the same URL.
    const page = await get(httpUnsub!, { accept: 'text/html' });
    expect(page.status).toBe(200);
    // Its button posts to this very link, token and all, with or without JavaScript.
    expect(await page.text()).toContain(
      `<form method="post" action="/newsletter/unsubscribe?token=${new URL(httpUnsub!).searchParams.get('token')}">`,
    );

    // A mail client's one click: a single POST, no further step.
    const oneClick = await fetch(here(httpUnsub!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(String) });
    expect((await listSubscribers(world.svc.db, 'confirmed')).map((s) => s.email)).not.toContain('reader@example.com');
    // The confirmation link from before cannot bring the address back.
    expect((await press(confirm)).headers.get('location')).toBe('/newsletter/link-invalid');
    // The page now says it is done; a second POST changes nothing and is no error.
    expect((await get(httpUnsub!, { accept: 'text/html' })).headers.get('location')).toBe('/newsletter/unsubscribed');
    const again = await fetch(here(httpUnsub!), {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html', 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect([again.status, again.headers.get('location')]).toEqual([303, '/newsletter/unsubscribed']);
  });

  it('leaves a sign-up pending when its link is only fetched: HEAD, GET, a browser prefetch, a mail scanner', async () => {
    await post('/api/newsletter-subscribe', { email: 'scanned@example.com' });
    const confirm = linksIn(await world.inbox.waitFor(to('scanned@example.com'))).find((l) => l.includes('/newsletter/confirm?token='))!;
    const fetches: [string, Record<string, string>][] = [
      ['HEAD', {}],
      ['GET', {}],
      ['GET', { 'sec-purpose': 'prefetch', accept: 'text/html' }],
      ['GET', { purpose: 'prefetch', 'x-moz': 'prefetch' }],
      ['GET', { 'user-agent': 'Mozilla/5.0 (compatible; SafeLinks scanner)', accept: '*/*' }],
    ];
    for (const [method, headers] of fetches) {
      const res = await fetch(here(confirm), { method, headers, redirect: 'manual' });
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(200);
      await res.arrayBuffer();
    }
    expect(await subscriber('scanned@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });
    expect((await press(confirm)).headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscriber('scanned@example.com')).toMatchObject({ status: 'confirmed' });
  });

  it('answers a new sign-up alike whatever the address, says when a pending one was mailed, and sends one confirmation an hour at most', async () => {
    const answer = async (email: string) => {
      const res = await post('/api/newsletter-subscribe', { email });
      const headers = Object.fromEntries(
        [...res.headers].filter(([k]) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(k)),
      );
      return { status: res.status, headers, body: await res.text() };
    };
    const fresh = await answer('twice@example.com');
    await world.inbox.waitFor(to('twice@example.com'));
    // Pending: the answer says when the confirmation went out and when another can, and no second mail is sent
    // within the hour.
    const repeat = await answer('twice@example.com');
    expect(repeat.status).toBe(fresh.status);
    const { pending } = JSON.parse(repeat.body) as { ok: boolean; pending: { sentAt: string; againAt: string } };
    expect(Date.parse(pending.againAt) - Date.parse(pending.sentAt)).toBe(60 * 60 * 1000);
    expect(Math.abs(Date.now() - Date.parse(pending.sentAt))).toBeLessThan(60_000);
    const mails = () => world.svc.count('mail_outbox', "recipient = 'twice@example.com'");
    await expect.poll(() => world.svc.count('newsletter_signups')).toBe(0);
    expect(await mails()).toBe(1);
    // An hour later a pending address that signs up again gets a fresh mail, with a link that still works.
    await world.svc.db.query(
      "UPDATE newsletter_subscribers SET confirm_sent_at = now() - interval '61 minutes' WHERE email = 'twice@example.com'",
    );
    expect(await answer('twice@example.com')).toEqual(fresh);
    await expect.poll(mails).toBe(2);
    await expect.poll(() => world.inbox.received.filter(to('twice@example.com')).length).toBe(2);
    // Confirmed, and then unsubscribed: still the same answer to the visitor.
    const second = world.inbox.received.filter(to('twice@example.com'))[1]!;
    expect((await press(linksIn(second).find((l) => l.includes('/confirm?'))!)).headers.get('location')).toBe('/newsletter/confirmed');
    expect(await answer('twice@example.com')).toEqual(fresh);
    // That sign-up is worked while the address is confirmed, and so leaves it as it is; worked after the unsubscribe
    // below, it would be a new consent.
    await expect.poll(() => world.svc.count('newsletter_signups')).toBe(0);
    const { id } = (
      await world.svc.db.query<{ id: number }>("SELECT id::int AS id FROM newsletter_subscribers WHERE email = 'twice@example.com'")
    ).rows[0]!;
    expect((await fetch(`${world.svc.url}/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, id)}`, { method: 'POST' })).status).toBe(
      200,
    );
    expect(await answer('twice@example.com')).toEqual(fresh);
    // Signing up again after leaving is a new consent: pending again, and due a mail once the hour has passed.
    await expect.poll(async () => (await subscriber('twice@example.com'))?.status).toBe('pending');
  });

  it('refuses expired, altered, made-up and wrong-kind links with a page that says so, never a 500', async () => {
    await post('/api/newsletter-subscribe', { email: 'links@example.com' });
    const mail = await world.inbox.waitFor(to('links@example.com'));
    const confirm = linksIn(mail).find((l) => l.includes('/confirm?'))!;
    const { id, confirm_nonce: nonce } = (
      await world.svc.db.query<{ id: number; confirm_nonce: string }>(
        "SELECT id::int AS id, confirm_nonce FROM newsletter_subscribers WHERE email = 'links@example.com'",
      )
    ).rows[0]!;
    const where = async (path: string, method = 'GET') => {
      const res = await fetch(`${world.svc.url}${path}`, { method, redirect: 'manual', headers: { accept: 'text/html' } });
      return `${res.status} ${res.headers.get('location')}`;
    };
    const eightDaysAgo = Date.now() - 8 * 24 * 3600_000;
    expect(await where(`/newsletter/confirm?token=${confirmToken(SECRET, id, nonce, eightDaysAgo)}`)).toBe('303 /newsletter/link-expired');
    expect(await where(`/newsletter/confirm?token=${confirmToken(SECRET, id, nonce, eightDaysAgo)}`, 'POST')).toBe(
      '303 /newsletter/link-expired',
    );
    const token = new URL(confirm).searchParams.get('token')!;
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const body = token.slice(0, token.lastIndexOf('.'));
    // Other spellings of the same signature, which a lenient base64 decoder reads as the same bytes: padded, in the
    // standard alphabet, with a stray character, and with the spare low bits of its last character changed.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spareBits = last[last.indexOf(signature.at(-1)!) ^ 1]!;
    const respelled = [
      `${signature}=`,
      Buffer.from(signature, 'base64url').toString('base64'),
      `${signature.slice(0, 10)}!${signature.slice(10)}`,
      `${signature.slice(0, -1)}${spareBits}`,
      `${signature} `,
    ].filter((s) => s !== signature);
    expect(respelled.length).toBeGreaterThanOrEqual(4);
    const altered = [
      token.replace(`c.${id}.`, `c.${id + 1}.`),
      `${token.slice(0, -2)}xx`,
      token.slice(0, 20),
      '',
      'u.1.x',
      '%00',
      'c.1.a.b.c.d.e',
      ...respelled.map((s) => `${body}.${s}`),
    ];
    for (const t of altered) {
      expect(await where(`/newsletter/confirm?token=${encodeURIComponent(t)}`), t).toBe('303 /newsletter/link-invalid');
      expect(await where(`/newsletter/confirm?token=${encodeURIComponent(t)}`, 'POST'), t).toBe('303 /newsletter/link-invalid');
    }
    expect(await where('/newsletter/confirm')).toBe('303 /newsletter/link-invalid');
    expect(await where(`/newsletter/confirm?token=${confirmToken('another-secret-of-at-least-32-chars!', id, nonce)}`)).toBe(
      '303 /newsletter/link-invalid',
    );
    // A confirmation token is not an unsubscribe token, nor the other way round.
    expect(await where(`/newsletter/unsubscribe?token=${token}`)).toBe('303 /newsletter/link-invalid');
    expect(await where(`/newsletter/unsubscribe?token=${token}`, 'POST')).toBe('303 /newsletter/link-invalid');
    expect(await where(`/newsletter/confirm?token=${unsubscribeToken(SECRET, id)}`)).toBe('303 /newsletter/link-invalid');
    const tooLong = await fetch(`${world.svc.url}/newsletter/confirm?token=${'a'.repeat(400)}`, { redirect: 'manual' });
    expect(tooLong.status).toBe(400);
    // A mail client posting a bad link is told so plainly.
    const bad = await fetch(`${world.svc.url}/newsletter/unsubscribe?token=u.${id}.forged`, { method: 'POST' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'This unsubscribe link is not valid.' }]);
    expect((await subscriber('links@example.com'))?.status).toBe('pending');
  });

  it('forwards a contact message with the visitor as Reply-To, saved first and sent once SMTP is back', async () => {
    await world.inbox.stop();
    const res = await post('/api/contact-form', {
      name: 'Zoë "Q" O\'Neil',
      email: 'Zoe@Example.com',
      subject: 'Refund?',
      message: 'Line one\nLine two',
    });
    expect(res.status).toBe(200);
    expect(await world.svc.count('contact_messages', "email = 'Zoe@Example.com'")).toBe(1);
    // The mail waits in the outbox, tried and refused while the server is down.
    await expect
      .poll(
        () => world.svc.count('mail_outbox', "kind = 'contact-notify' AND state = 'queued' AND attempts > 0 AND last_error IS NOT NULL"),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    // Monitoring sees mail waiting; once it has waited over an hour, /healthz/mail says so with a 503.
    // It answers from memory, which a background check refreshes every second.
    await expect.poll(async () => await (await fetch(`${world.svc.url}/healthz/mail`)).json()).toMatchObject({ status: 'ok', queued: 1 });
    await world.svc.db.query(
      "UPDATE mail_outbox SET created_at = now() - interval '2 hours' WHERE kind = 'contact-notify' AND state = 'queued'",
    );
    await expect.poll(async () => (await fetch(`${world.svc.url}/healthz/mail`)).status).toBe(503);
    const late = await fetch(`${world.svc.url}/healthz/mail`);
    expect([late.status, await late.json()]).toEqual([503, { status: 'delayed', queued: 1, oldestQueuedSeconds: expect.any(Number) }]);
    await world.inbox.start();
    const mail = await world.inbox.waitFor(to('owner@vpncompass.test'));
    expect(mail.replyTo?.value).toEqual([{ address: 'Zoe@example.com', name: 'Zoë "Q" O\'Neil' }]);
    expect(mail.subject).toBe('Contact form: Refund?');
    expect(mail.text).toContain('Line one\nLine two');
    const { rows } = await world.svc.db.query<{ id: number }>("SELECT id::int AS id FROM contact_messages WHERE email = 'Zoe@Example.com'");
    expect(mail.text).toContain(`vpnsite messages handle ${rows[0]!.id}`);
    await expect.poll(() => world.svc.count('mail_outbox', "kind = 'contact-notify' AND state = 'sent'")).toBe(1);
    await expect
      .poll(async () => await (await fetch(`${world.svc.url}/healthz/mail`)).json())
      .toEqual({ status: 'ok', queued: 0, oldestQueuedSeconds: null });
  });

  it('erases an address from every table', async () => {
    await post('/api/newsletter-subscribe', { email: 'erase.me@example.com' });
    await world.inbox.waitFor(to('erase.me@example.com'));
    await post('/api/contact-form', { name: 'Erase', email: 'Erase.Me@example.com', message: 'Please forget me' });
    await world.inbox.waitFor((m) => m.replyTo?.value[0]?.address === 'Erase.Me@example.com');
    // One more sign-up still waiting to be worked.
    await world.svc.db.query("INSERT INTO newsletter_signups (email, source) VALUES ('erase.me@example.com', 'test')");
    const erased = await forgetAddress(world.svc.db, ' ERASE.ME@example.com');
    expect(erased).toEqual({ subscribers: 1, signups: 1, messages: 1, mails: 2 });
    const { rows: columns } = await world.svc.db.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')",
    );
    expect(columns.length).toBeGreaterThan(5);
    for (const c of columns) {
      const { rows } = await world.svc.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${c.table_name}" WHERE "${c.column_name}" ILIKE '%erase.me@example.com%'`,
      );
      expect(rows[0]!.n, `${c.table_name}.${c.column_name}`).toBe(0);
    }
  });

  it('deletes sign-ups never confirmed within 30 days, and keeps the others', async () => {
    for (const email of ['stale@example.com', 'recent@example.com', 'kept@example.com']) await post('/api/newsletter-subscribe', { email });
    await world.inbox.waitFor(to('kept@example.com'));
    await expect
      .poll(() => world.svc.count('newsletter_subscribers', "email IN ('stale@example.com', 'recent@example.com', 'kept@example.com')"))
      .toBe(3);
    await world.svc.db.query(
      "UPDATE newsletter_subscribers SET subscribed_at = now() - interval '31 days' WHERE email IN ('stale@example.com', 'kept@example.com')",
    );
    await world.svc.db.query("UPDATE newsletter_subscribers SET status = 'confirmed' WHERE email = 'kept@example.com'");
    // An address from before double opt-in has no recorded consent: it is the owner's to decide.
    await world.svc.db.query(
      "INSERT INTO newsletter_subscribers (email, subscribed_at) VALUES ('legacy@example.com', now() - interval '400 days')",
    );
    expect(await purgeUnconfirmed(world.svc.db)).toBe(1);
    const left = (await listSubscribers(world.svc.db, 'all')).map((s) => s.email);
    expect(left).not.toContain('stale@example.com');
    expect(left).toEqual(expect.arrayContaining(['recent@example.com', 'kept@example.com', 'legacy@example.com']));
    expect(await world.svc.count('mail_outbox', "recipient = 'stale@example.com'")).toBe(0);
  });
});
