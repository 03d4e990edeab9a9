/** The two form endpoints against both databases: every validation rule, idempotence, honeypot, limits, verbatim storage. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, SIGNED_UP, startService, type RunningService } from '../helpers/service.ts';

let visitor = 0;
/** A new visitor address each call (the service trusts X-Forwarded-For here), so the rate limit is per test. */
const nextVisitor = () => `203.0.113.${++visitor}`;

describe.each(DB_KINDS)('forms on %s', (kind) => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => svc.close());

  const post = async (path: string, body: unknown, ip = nextVisitor()) => {
    const res = await fetch(`${svc.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const subscribe = (body: unknown, ip?: string) => post('/api/newsletter-subscribe', body, ip);
  const contact = (body: unknown, ip?: string) => post('/api/contact-form', body, ip);
  const message = {
    name: 'Ana Lima',
    email: 'ana@example.com',
    subject: 'Router setup',
    message: 'Does the WireGuard guide cover OpenWrt?',
  };

  it('subscribes an address trimmed and lower-cased, and tells a repeat after the mail went out when it was sent', async () => {
    expect(await subscribe({ email: '  Reader@Example.COM ' })).toEqual({ status: 200, body: { ok: true } });
    // A repeat: one subscriber, one mail; once that mail went out, the answer says when rather than promising another.
    expect(await subscribe({ email: 'reader@example.com' })).toMatchObject({ status: 200, body: { ok: true } });
    await expect
      .poll(async () => (await svc.db.query('SELECT 1 FROM newsletter_subscribers WHERE confirm_sent_at IS NOT NULL')).rows.length)
      .toBe(1);
    const again = await subscribe({ email: 'READER@example.com' });
    expect(again).toMatchObject({ status: 200, body: { ok: true, pending: { sentAt: expect.any(String), againAt: expect.any(String) } } });
    const { sentAt, againAt } = (again.body as { pending: { sentAt: string; againAt: string } }).pending;
    expect(Date.parse(againAt) - Date.parse(sentAt)).toBe(3_600_000);
    // Worked in the background into one subscriber.
    await expect.poll(() => svc.count('newsletter_signups')).toBe(0);
    const { rows } = await svc.db.query<{ email: string }>('SELECT email FROM newsletter_subscribers');
    expect(rows).toEqual([{ email: 'reader@example.com' }]);
  });

  it('refuses invalid newsletter bodies with 400 and a readable {error}', async () => {
    const cases: [unknown, string][] = [
      [{}, '"email" is required.'],
      [{ email: '' }, '"email" must not be empty.'],
      [{ email: 'no-at-sign.example.com' }, 'Please enter a valid email address.'],
      [{ email: `${'a'.repeat(250)}@b.co` }, '"email" must be at most 254 characters.'],
      [{ email: 42 }, '"email" must be text.'],
      [{ email: 'a@b.co', admin: true }, 'Unknown field "admin".'],
      [[], 'The body must be a JSON object.'],
    ];
    for (const [body, error] of cases) expect(await subscribe(body), JSON.stringify(body)).toEqual({ status: 400, body: { error } });
    expect(await subscribe('{"email": ')).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await svc.count(SIGNED_UP, "email <> 'reader@example.com'")).toBe(0);
  });

  it('stores a contact message verbatim, SQL and HTML included', async () => {
    const payload = {
      name: "Robert'); DROP TABLE contact_messages;--",
      email: 'bobby@example.com',
      subject: '<img src=x onerror=alert(1)>',
      message: '<script>alert("x")</script>\n  two spaces, "quotes" & ampersands  ',
    };
    expect(await contact(payload)).toEqual({ status: 200, body: { ok: true } });
    expect(await contact({ name: 'No Subject', email: 'n@example.com', message: 'Just a question.' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const { rows } = await svc.db.query('SELECT name, email, subject, message FROM contact_messages ORDER BY id');
    expect(rows).toEqual([payload, { name: 'No Subject', email: 'n@example.com', subject: null, message: 'Just a question.' }]);
  });

  it('refuses invalid contact bodies with 400 and a readable {error}', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@b.co', message: 'hi' }, '"name" is required.'],
      [{ name: 'A', message: 'hi' }, '"email" is required.'],
      [{ name: 'A', email: 'a@b.co' }, '"message" is required.'],
      [{ ...message, name: '   ' }, '"name" must not be empty.'],
      [{ ...message, message: '' }, '"message" must not be empty.'],
      [{ ...message, email: 'nobody' }, 'Please enter a valid email address.'],
      [{ ...message, name: 'n'.repeat(101) }, '"name" must be at most 100 characters.'],
      [{ ...message, email: `${'e'.repeat(250)}@x.io` }, '"email" must be at most 254 characters.'],
      [{ ...message, subject: 's'.repeat(201) }, '"subject" must be at most 200 characters.'],
      [{ ...message, message: 'm'.repeat(5001) }, '"message" must be at most 5000 characters.'],
      [{ ...message, phone: '555' }, 'Unknown field "phone".'],
    ];
    for (const [body, error] of cases) expect(await contact(body), error).toEqual({ status: 400, body: { error } });
    const atLimits = { name: 'n'.repeat(100), email: `${'e'.repeat(249)}@x.io`, subject: 's'.repeat(200), message: 'm'.repeat(5000) };
    expect(await contact(atLimits)).toEqual({ status: 200, body: { ok: true } });
  });

  it('answers a filled honeypot with 200 and stores nothing', async () => {
    const subscribers = await svc.count(SIGNED_UP);
    const messages = await svc.count('contact_messages');
    expect(await subscribe({ email: 'bot@spam.example', website: 'http://spam.example' })).toEqual({ status: 200, body: { ok: true } });
    expect(await contact({ ...message, website: 'http://spam.example' })).toEqual({ status: 200, body: { ok: true } });
    expect(await svc.count(SIGNED_UP)).toBe(subscribers);
    expect(await svc.count('contact_messages')).toBe(messages);
    // An empty honeypot is what the site's forms send: that is a person.
    expect(await subscribe({ email: 'person@example.com', website: '' })).toEqual({ status: 200, body: { ok: true } });
    expect(await svc.count(SIGNED_UP)).toBe(subscribers + 1);
  });

  it('refuses a body over 16 KB with 413 and a JSON {error}', async () => {
    const res = await contact({ ...message, message: 'm'.repeat(17 * 1024) });
    expect(res).toEqual({ status: 413, body: { error: 'The request is too large: 16 KB at most.' } });
  });

  it('allows 5 posts per visitor in 10 minutes on each form, then answers 429', async () => {
    const ip = nextVisitor();
    for (let i = 0; i < 5; i++) expect((await subscribe({ email: `limit${i}@example.com` }, ip)).status).toBe(200);
    const limited = await subscribe({ email: 'limit5@example.com' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(await svc.count(SIGNED_UP, "email = 'limit5@example.com'")).toBe(0);
    for (let i = 0; i < 5; i++) expect((await contact(message, ip)).status).toBe(200);
    expect((await contact(message, ip)).status).toBe(429);
    // Another visitor is not affected.
    expect((await subscribe({ email: 'other@example.com' })).status).toBe(200);
  });
});

describe('forms without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot dodge the limit by inventing addresses', async () => {
    const svc = await startService('pglite');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${svc.url}/api/newsletter-subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: `p${i}@example.com` }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await svc.close();
    }
  });
});
