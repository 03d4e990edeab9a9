/** Input that is not what it claims: dotfiles, control characters, odd addresses, other body types, UTF-8 headers, and a fuzz of the public endpoints. */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIST, startService, type RunningService } from '../helpers/service.ts';

/**
 * One request with node:http (headers and body exactly as given): its status, or 'not sent' when Node's client
 * refused to send it (a header value it will not write). A request sent and never answered, such as when the
 * service crashed or dropped the connection, rejects: that is a failure, never a pass.
 */
function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<number | 'not sent'> {
  return new Promise((resolve, reject) => {
    let req: ReturnType<typeof request>;
    try {
      req = request(`${url}${path}`, { method, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
    } catch {
      return resolve('not sent');
    }
    req.on('error', (err) => reject(new Error(`${method} ${path}: no answer (${err.message})`)));
    req.end(body);
  });
}

/** An answer that is not a server error: any status from 200 to 499, or a request the client would not send. */
const answered = (status: number | 'not sent') => status === 'not sent' || (status >= 200 && status < 500);

describe('hostile input', () => {
  let svc: RunningService;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'vpnsite-dist-'));
    cpSync(FIXTURE_DIST, dist, { recursive: true });
    writeFileSync(join(dist, '.csp-hashes.json'), JSON.stringify({ 'index.html': ['sha256-secret'] }));
    writeFileSync(join(dist, '.env'), 'SECRET=1');
    writeFileSync(join(dist, '_redirects'), '/secret-old-path /secret-new-path 301\n');
    svc = await startService('pg', { DIST_DIR: dist, TRUST_PROXY: 'true', FORM_RATE_LIMIT: '100000' });
  });
  afterAll(() => svc.close());

  const post = async (path: string, body: unknown, contentType = 'application/json') => {
    const res = await fetch(`${svc.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('serves no dotfile of the build, and nothing outside it', async () => {
    for (const path of [
      '/.csp-hashes.json',
      '/.env',
      '/%2ecsp-hashes.json',
      '/assets/../.csp-hashes.json',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await fetch(`${svc.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/secret|SECRET|root:/);
    }
  });

  it('serves no dotfile or build file under any spelling of its path', async () => {
    const spellings = (name: string) => [
      `/${name}`,
      `//${name}`,
      `///${name}`,
      `/./${name}`,
      `/assets/../${name}`,
      `/assets/..//${name}`,
      `/%2F${name}`,
      `/${encodeURIComponent(name).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      `/${name}/`,
      `/${name}?x=1`,
      `\\${name}`,
      `/.//${name}`,
    ];
    for (const name of ['_redirects', '.csp-hashes.json', '.env']) {
      for (const path of spellings(name)) {
        // Sent as written: fetch would tidy the dot segments before they reached the service.
        const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(svc.url, { path }, (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          });
          req.on('error', (err) => reject(new Error(`${path}: no answer (${err.message})`)));
          req.end();
        });
        expect([400, 404], path).toContain(status);
        expect(body, path).not.toMatch(/secret|SECRET/);
      }
    }
  });

  it('refuses control characters in every form field with 400, and stores nothing', async () => {
    const message = { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Line one\nline two\ttabbed' };
    expect((await post('/api/contact-form', message)).status).toBe(200);
    for (const [field, value] of [
      ['name', 'A\u0000na'],
      ['subject', 'Hi\u0007'],
      ['message', 'nul \u0000 here'],
      ['name', 'A\u009bna'],
    ] as const) {
      expect(await post('/api/contact-form', { ...message, [field]: value }), field).toEqual({
        status: 400,
        body: { error: `"${field}" must not contain control characters.` },
      });
    }
    expect(await post('/api/newsletter-subscribe', { email: 'a\u0000@example.com' })).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address.' },
    });
    expect(await svc.count('contact_messages')).toBe(1);
  });

  it('takes email addresses by the browser rule for type=email', async () => {
    for (const email of [
      'a@b@c',
      'x@example.com\r\nBcc: y@z',
      'no-at.example.com',
      'a b@example.com',
      '"quoted"@example.com',
      'a@-example.com',
      'a@example..com',
      'caf\u00e9@example.com',
    ]) {
      expect(await post('/api/newsletter-subscribe', { email }), email).toEqual({
        status: 400,
        body: { error: 'Please enter a valid email address.' },
      });
    }
    for (const email of ['a@b', "o'brien+news@mail.example.co.uk", ' spaced@example.com '])
      expect((await post('/api/newsletter-subscribe', { email })).status, email).toBe(200);
    await expect.poll(() => svc.count('newsletter_signups')).toBe(0);
    const { rows } = await svc.db.query<{ email: string }>('SELECT email FROM newsletter_subscribers ORDER BY email');
    expect(rows.map((r) => r.email)).toEqual(['a@b', "o'brien+news@mail.example.co.uk", 'spaced@example.com']);
  });

  it('tells a text/plain body to come as JSON or as an HTML form', async () => {
    expect(await post('/api/newsletter-subscribe', '{"email":"t@example.com"}', 'text/plain')).toEqual({
      status: 415,
      body: { error: 'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).' },
    });
  });

  it('stores a UTF-8 Referer and user agent as the browser sent them', async () => {
    const { port } = new URL(svc.url);
    const referrer = 'https://www.example.com/caf\u00e9/\u65e5\u672c';
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36 \u00fcber';
    const socket = connect(Number(port), '127.0.0.1');
    const done = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
    });
    socket.end(
      Buffer.from(
        `GET /go/tunnelbear?placement=utf8 HTTP/1.1\r\nHost: x\r\nUser-Agent: ${ua}\r\nReferer: ${referrer}\r\nConnection: close\r\n\r\n`,
        'utf8',
      ),
    );
    expect(await done).toMatch(/^HTTP\/1\.1 302 /);
    await svc.waitForCount('clicks', 1, "placement = 'utf8'");
    const { rows } = await svc.db.query("SELECT referrer, user_agent FROM clicks WHERE placement = 'utf8'");
    expect(rows).toEqual([{ referrer, user_agent: ua }]);
  });

  it('never answers 5xx to generated requests on /go/ and the two forms', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u0000', '\r\n', '%00', '../', '\ud800', 'a@b@c', ' '),
    );
    // Mostly forms that would pass but for one generated field, so the generated text reaches the handler.
    const field = fc
      .tuple(fc.string({ maxLength: 20 }), fc.oneof(text, fc.constantFrom('', '\u0000')), fc.string({ maxLength: 20 }))
      .map((p) => p.join(''));
    const nearlyValid = fc.record({
      name: fc.oneof(fc.constant('Ana'), field),
      email: fc.oneof(
        fc.constant('ana@example.com'),
        field.map((f) => `${f}@example.com`),
      ),
      message: fc.oneof(fc.constant('Hello there'), field),
    });
    const json = fc.oneof(
      { arbitrary: nearlyValid, weight: 4 },
      nearlyValid.map(({ email }) => ({ email })),
      fc.record({ email: text, website: fc.option(text, { nil: undefined }) }, { requiredKeys: [] }),
      fc.record({ name: text, email: text, subject: fc.option(text, { nil: undefined }), message: text }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    const body = fc.oneof(
      { arbitrary: json.map((v) => JSON.stringify(v) ?? ''), weight: 4 },
      text,
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    );
    const contentType = fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '',
      ),
    );
    const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 200 });
    const forms = fc.record({
      path: fc.constantFrom('/api/newsletter-subscribe', '/api/contact-form'),
      method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'PUT', 'GET', 'OPTIONS'),
      body,
      contentType,
      referer: headerValue,
    });
    await fc.assert(
      fc.asyncProperty(forms, async (r) => {
        const headers: Record<string, string> = { referer: r.referer, 'x-forwarded-for': '198.51.100.7' };
        if (r.contentType) headers['content-type'] = r.contentType;
        const status = await send(svc.url, r.method, r.path, headers, r.method === 'GET' ? undefined : r.body);
        expect(answered(status), String(status)).toBe(true);
      }),
      { numRuns: 300 },
    );
    const pathSegment = fc.oneof(
      fc.constantFrom('nordvpn', 'NordVPN', 'expressvpn', '..', '%2e%2e', '%00', 'https:%2F%2Fevil.example', ''),
      fc.webSegment(),
      fc.string(),
    );
    const query = fc.dictionary(fc.constantFrom('from', 'placement', 'notrack', 'x', 'from[]'), fc.oneof(fc.webSegment(), fc.string()), {
      maxKeys: 4,
    });
    const go = fc.record({ slug: pathSegment, query, ua: headerValue, referer: headerValue, method: fc.constantFrom('GET', 'HEAD') });
    await fc.assert(
      fc.asyncProperty(go, async (r) => {
        const qs = new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, v])).toString();
        const status = await send(svc.url, r.method, `/go/${encodeURIComponent(r.slug)}${qs ? `?${qs}` : ''}`, {
          'user-agent': r.ua,
          referer: r.referer,
        });
        expect(answered(status), String(status)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
