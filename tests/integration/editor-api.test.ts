/**
 * The browser editor's server over real HTTP, on a copy of the real content: it refuses other origins, other host
 * names and paths outside the data directory; a save with errors or over a file changed on disk is refused and
 * writes nothing; a good save changes only the edited line; "New" writes the same draft `vpnsite new` writes.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditor } from '../../scripts/editor/server.ts';
import { copyOfData } from '../helpers/cli.ts';

describe('the editor server', () => {
  let app: FastifyInstance;
  let base: string;
  let data: string;
  let origin: string;

  beforeAll(async () => {
    data = copyOfData();
    app = await createEditor({ dataDir: data, listenHost: '127.0.0.1' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    origin = base;
  }, 60_000);
  afterAll(() => app?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify(body),
    });
  const open = async (path: string) =>
    (await (await fetch(`${base}/_edit/api/file?path=${encodeURIComponent(path)}`)).json()) as {
      data: Record<string, never>;
      version: string;
      text: string;
    };

  it('refuses a request from another origin, site or host name, and a change without an Origin', async () => {
    const evil = await fetch(`${base}/_edit/api/files`, { headers: { origin: 'http://evil.example' } });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: string }).error).toContain('evil.example');
    expect((await fetch(`${base}/_edit/api/files`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // fetch will not send another Host: a DNS-rebinding page's request is made by hand.
    const rebound = await new Promise<number>((done, fail) =>
      request(`${base}/_edit/api/files`, { headers: { host: 'rebound.example' } }, (res) => (res.resume(), done(res.statusCode!)))
        .on('error', fail)
        .end(),
    );
    expect(rebound).toBe(403);
    const { version, data: nord } = await open('providers/nordvpn.yaml');
    const before = readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8');
    const forged = await post(
      '/_edit/api/save',
      { path: 'providers/nordvpn.yaml', data: { ...nord, name: 'Forged' }, version },
      { origin: 'http://evil.example' },
    );
    expect(forged.status).toBe(403);
    const blind = await fetch(`${base}/_edit/api/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'providers/nordvpn.yaml', data: { ...nord, name: 'Forged' }, version }),
    });
    expect(blind.status).toBe(403);
    expect(readFileSync(join(data, 'providers/nordvpn.yaml'), 'utf8')).toBe(before);
    // Its own page is answered.
    expect((await fetch(`${base}/_edit/api/files`, { headers: { 'sec-fetch-site': 'same-origin', origin } })).status).toBe(200);
  });

  it('reads and writes nothing outside the data directory, nor any file that is not content', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'vpnsite-outside-'));
    writeFileSync(join(outside, 'secret.yaml'), 'slug: secret\n');
    symlinkSync(join(outside, 'secret.yaml'), join(data, 'providers/leak.yaml'));
    for (const path of ['../package.json', '/etc/passwd', 'providers/../../x.yaml', 'logos/nordvpn.svg', 'providers/leak.yaml']) {
      const read = await fetch(`${base}/_edit/api/file?path=${encodeURIComponent(path)}`);
      expect(read.status, path).toBe(403);
      const write = await post('/_edit/api/save', { path, data: { slug: 'x' }, version: 'x' });
      expect(write.status, path).toBe(403);
    }
    expect(readFileSync(join(outside, 'secret.yaml'), 'utf8')).toBe('slug: secret\n');
  });

  it('saves a change into the one line it is on, and refuses a save with an error, saying why', async () => {
    const file = join(data, 'providers/surfshark.yaml');
    const before = readFileSync(file, 'utf8');
    const { version, data: surf } = await open('providers/surfshark.yaml');
    const review = surf.review as unknown as Record<string, unknown>;
    const bad = await post('/_edit/api/save', { path: 'providers/surfshark.yaml', data: { ...surf, rating: 11 }, version });
    expect(bad.status).toBe(422);
    const refusal = (await bad.json()) as { error: string; problems: { pointer: string }[] };
    expect(refusal.error).toMatch(/^not saved: \/rating must be <= 5/);
    expect(refusal.problems.map((p) => p.pointer)).toContain('/rating');
    expect(readFileSync(file, 'utf8')).toBe(before);

    const good = await post('/_edit/api/save', {
      path: 'providers/surfshark.yaml',
      data: { ...surf, review: { ...review, tagline: 'A new tagline: yes' } },
      version,
    });
    expect(good.status).toBe(200);
    const after = readFileSync(file, 'utf8').split('\n');
    const old = before.split('\n');
    const differ = old.flatMap((line, i) => (line === after[i] ? [] : [i]));
    expect(after).toHaveLength(old.length);
    expect(differ).toHaveLength(1);
    expect(after[differ[0]!]).toBe('  tagline: "A new tagline: yes"');
  });

  it('refuses a save over a file changed on disk since it was opened, and hands back the text it would have written', async () => {
    const file = join(data, 'providers/tunnelbear.yaml');
    const { version, data: bear } = await open('providers/tunnelbear.yaml');
    const changed = `${readFileSync(file, 'utf8')}# edited elsewhere\n`;
    writeFileSync(file, changed);
    const res = await post('/_edit/api/save', { path: 'providers/tunnelbear.yaml', data: { ...bear, name: 'Mine' }, version });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; yours: string };
    expect(body.error).toContain('changed on disk since you opened it');
    expect(body.yours).toContain('name: "Mine"');
    expect(readFileSync(file, 'utf8')).toBe(changed);
  });

  it('checks edited data with the cross-file rules and shows what each figure resolves to', async () => {
    const { data: nord } = await open('providers/nordvpn.yaml');
    const res = await post('/_edit/api/check', { path: 'providers/nordvpn.yaml', data: { ...nord, featured: undefined, plan: 'none' } });
    const body = (await res.json()) as { problems: { pointer: string; message: string }[]; figures: Record<string, string> };
    expect(body.problems.find((p) => p.pointer === '/plan')?.message).toBeTruthy();
    expect(body.figures['/review/pros/0']).toMatch(/^Fastest results in our tests: only \d/);
  });

  it('makes a new article as a draft from the scaffold, and refuses one that exists', async () => {
    const made = await post('/_edit/api/new', { kind: 'article', slug: 'editor-made' });
    expect(made.status).toBe(201);
    expect(((await made.json()) as { path: string }).path).toBe('articles/editor-made.yaml');
    expect(readFileSync(join(data, 'articles/editor-made.yaml'), 'utf8')).toMatch(/^draft: true$/m);
    expect((await post('/_edit/api/new', { kind: 'article', slug: 'editor-made' })).status).toBe(409);
    expect((await post('/_edit/api/new', { kind: 'article', slug: '../x' })).status).toBe(400);
  });
});
