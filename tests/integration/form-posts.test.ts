/** The two forms posted as plain HTML forms (no JavaScript): a 303 to the page for the outcome, and the same rules as JSON. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_UP, startService, type RunningService, useOwnPostgres } from '../helpers/service.ts';

const SITE_ELSEWHERE = 'https://www.example.com';

let visitor = 0;
/** A new visitor address each call (the service trusts X-Forwarded-For here), so the rate limit is per test. */
const nextVisitor = () => `203.0.113.${++visitor}`;

/** Posts a urlencoded form as a browser does, without following the redirect. */
async function postForm(svc: RunningService, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextVisitor(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

const message = { name: 'Ana Lima', email: 'ana@example.com', subject: '', message: 'Does the router guide cover OpenWrt?', website: '' };

describe('forms posted without JavaScript', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService('pglite', { TRUST_PROXY: 'true', CORS_ORIGINS: SITE_ELSEWHERE });
  });
  afterAll(() => svc.close());

  it('subscribes and sends the browser to the subscribed page', async () => {
    const res = await postForm(svc, '/api/newsletter-subscribe', { email: 'Plain.Form@Example.com', website: '' });
    expect(res).toMatchObject({ status: 303, location: '/newsletter/subscribed' });
    expect(await svc.count(SIGNED_UP, "email = 'plain.form@example.com'")).toBe(1);
  });

  it('sends refused input to the invalid page and stores nothing', async () => {
    const before = await svc.count(SIGNED_UP);
    const refused: Record<string, string>[] = [{ email: 'no-at-sign' }, { email: '' }, {}, { email: 'a@b.co', admin: 'yes' }];
    for (const fields of refused) {
      expect(await postForm(svc, '/api/newsletter-subscribe', fields), JSON.stringify(fields)).toMatchObject({
        status: 303,
        location: '/newsletter/invalid',
      });
    }
    expect(await svc.count(SIGNED_UP)).toBe(before);
    expect(await postForm(svc, '/api/contact-form', { ...message, name: '  ' })).toMatchObject({
      status: 303,
      location: '/contact-us/invalid?problems=name',
    });
    expect(await postForm(svc, '/api/contact-form', { ...message, email: 'no-at-sign', message: '' })).toMatchObject({
      status: 303,
      location: '/contact-us/invalid?problems=email,message',
    });
    expect(await svc.count('contact_messages')).toBe(0);
  });

  it('stores a contact message as typed and sends the browser to the sent page', async () => {
    const res = await postForm(svc, '/api/contact-form', { ...message, message: 'Line one\r\nline two & <b>three</b>' });
    expect(res).toMatchObject({ status: 303, location: '/contact-us/sent' });
    const { rows } = await svc.db.query('SELECT name, email, subject, message FROM contact_messages');
    expect(rows).toEqual([{ name: 'Ana Lima', email: 'ana@example.com', subject: null, message: 'Line one\r\nline two & <b>three</b>' }]);
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await svc.count('contact_messages');
    expect(await postForm(svc, '/api/contact-form', { ...message, website: 'http://spam.example' })).toMatchObject({
      status: 303,
      location: '/contact-us/sent',
    });
    expect(await svc.count('contact_messages')).toBe(before);
  });

  it('sends a visitor over the rate limit to the failed page', async () => {
    const ip = nextVisitor();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await postForm(svc, '/api/newsletter-subscribe', { email: `rate${i}@example.com` }, { 'x-forwarded-for': ip }));
    expect(answers.map((a) => a.location)).toEqual([...Array(5).fill('/newsletter/subscribed'), '/newsletter/failed']);
    // A Retry-After on a redirect would make the browser wait before following it.
    expect(answers[5]!.retryAfter).toBeNull();
    expect(await svc.count(SIGNED_UP, "email = 'rate5@example.com'")).toBe(0);
  });

  it("refuses a post from another site's page, and sends one from the site's other origin back there", async () => {
    const before = await svc.count(SIGNED_UP);
    const foreign = await postForm(svc, '/api/newsletter-subscribe', { email: 'victim@example.com' }, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ status: 303, location: '/newsletter/failed' });
    expect(await svc.count(SIGNED_UP)).toBe(before);
    const own = await postForm(svc, '/api/newsletter-subscribe', { email: 'own@example.com' }, { origin: svc.url });
    expect(own).toMatchObject({ status: 303, location: '/newsletter/subscribed' });
    const elsewhere = await postForm(svc, '/api/newsletter-subscribe', { email: 'cdn@example.com' }, { origin: SITE_ELSEWHERE });
    expect(elsewhere).toMatchObject({ status: 303, location: `${SITE_ELSEWHERE}/newsletter/subscribed` });
    expect(await svc.count(SIGNED_UP)).toBe(before + 2);
  });

  it('still answers JSON posts with JSON, and other bodies with a 415 that names both kinds', async () => {
    const json = await fetch(`${svc.url}/api/newsletter-subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextVisitor() },
      body: JSON.stringify({ email: 'no-at' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'Please enter a valid email address.' });
    const other = await fetch(`${svc.url}/api/contact-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-forwarded-for': nextVisitor() },
      body: '<m/>',
    });
    expect(other.status).toBe(415);
    expect((await other.json()) as { error: string }).toEqual({ error: expect.stringContaining('application/x-www-form-urlencoded') });
  });
});

describe('forms posted without JavaScript while PostgreSQL is down', () => {
  const own = useOwnPostgres();
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService('pg', {}, { databaseUrl: own.databaseUrl(), pgliteDir: '' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('sends the browser to the failed page of each form, and nothing is half stored once it is back', async () => {
    own.server().stop();
    expect(await postForm(svc, '/api/newsletter-subscribe', { email: 'down@example.com' })).toMatchObject({
      status: 303,
      location: '/newsletter/failed',
    });
    expect(await postForm(svc, '/api/contact-form', message)).toMatchObject({ status: 303, location: '/contact-us/failed' });
    own.server().start();
    expect(await postForm(svc, '/api/newsletter-subscribe', { email: 'up@example.com' })).toMatchObject({
      status: 303,
      location: '/newsletter/subscribed',
    });
    expect(await svc.count(SIGNED_UP)).toBe(1);
    expect(await svc.count('contact_messages')).toBe(0);
  });
});
