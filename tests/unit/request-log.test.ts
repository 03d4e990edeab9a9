/** Request logging: two lines at info for a page or form, one line at debug for a redirect, and nothing below debug. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../services/http/request-log.ts';

async function linesFor(level: string, url: string): Promise<{ msg: string; level: number; location?: string }[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get('/go/:slug', (_request, reply) => void reply.redirect('https://example.com/aff', 302));
  app.get('/page', () => 'a page');
  await app.inject({ url });
  await app.close();
  return lines
    .map((l) => JSON.parse(l) as { msg: string; level: number; location?: string })
    .filter((l) => !/listening|closing/i.test(l.msg));
}

describe('request logging', () => {
  it('gives a page its two lines at info', async () => {
    expect((await linesFor('info', '/page')).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('gives a redirect no line at info, and one at debug with where it went', async () => {
    expect(await linesFor('info', '/go/nordvpn')).toEqual([]);
    const debug = await linesFor('debug', '/go/nordvpn');
    expect(debug.map((l) => [l.msg, l.location])).toEqual([['redirect', 'https://example.com/aff']]);
  });
});
