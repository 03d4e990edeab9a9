/**
 * `vpnsite serve` logs for whoever reads them: readable lines when its output is a terminal (a pseudo-terminal made
 * by util-linux's `script`), one JSON object a line otherwise, and LOG_FORMAT chooses either way.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { FIXTURE_DIST } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

/** Starts serve (in a terminal when `tty`), waits for its "listening" line, stops it and returns what it printed. */
async function startupLines(env: Record<string, string>, tty: boolean): Promise<string> {
  const port = await freePort();
  const serve = [process.execPath, resolve('scripts/vpnsite.js'), 'serve', '--dist', resolve(FIXTURE_DIST), '--port', String(port)];
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const [cmd, args] = tty ? ['script', ['-qec', serve.map(quote).join(' '), '/dev/null']] : [serve[0]!, serve.slice(1)];
  const tmp = mkdtempSync(join(tmpdir(), 'vpnsite-logs-'));
  const env2 = {
    ...process.env,
    DATABASE_URL: '',
    PGLITE_DIR: freshPgliteDir(),
    CLICK_JOURNAL_DIR: join(tmp, 'clicks.journal'),
    LOG_FORMAT: '',
    LOG_LEVEL: 'info',
    ...env,
  };
  const child = spawn(cmd, args as string[], { env: env2, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    // A start takes seconds alone and can take a minute on a machine shared with other work: two minutes is a hang.
    await expect.poll(() => out, { timeout: 120_000 }).toContain(`listening at http://127.0.0.1:${port}`);
  } finally {
    // The terminal's process group, or the service itself: SIGTERM ends it either way.
    child.kill('SIGTERM');
    if (tty) spawn('pkill', ['-TERM', '-f', `--port ${port}`]);
    await exited;
  }
  return out;
}

describe('service logs', () => {
  it('are readable lines in a terminal, without JSON', async () => {
    const out = await startupLines({}, true);
    const line = out.split(/\r?\n/).find((l) => l.includes('listening at'))!;
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: .*Server listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(out).not.toMatch(/^\{"level"/m);
  });

  it('are JSON, one object a line, when the output is not a terminal', async () => {
    const out = await startupLines({}, false);
    const objects = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(objects.some((o) => o.level === 30 && o.msg.startsWith('Server listening at http://127.0.0.1:'))).toBe(true);
  });

  it('follow LOG_FORMAT whatever the output is', { timeout: 600_000 }, async () => {
    expect(await startupLines({ LOG_FORMAT: 'json' }, true)).toMatch(/^\{"level":30,.*"msg":"Server listening at/m);
    expect(await startupLines({ LOG_FORMAT: 'pretty' }, false)).toMatch(/INFO.*Server listening at/);
  });
});
