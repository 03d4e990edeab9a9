/** SIGTERM under load: `vpnsite serve` stops accepting, writes every queued click and exits 0; rows equal the 302s answered. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { createPgDatabase, FIXTURE_DIST } from '../helpers/service.ts';

/** One GET; resolves with the status, or 0 when the connection is refused or reset. */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

describe('vpnsite serve on SIGTERM', () => {
  it('stores exactly as many clicks as it answered with 302, and exits 0', async () => {
    const databaseUrl = await createPgDatabase(inject('databaseUrl'));
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['scripts/vpnsite.js', 'serve', '--dist', FIXTURE_DIST, '--port', String(port)], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        CLICK_BUDGET_PER_MINUTE: '0',
        CLICK_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-journal-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(() => get(`${base}/healthz/db`, new Agent()), { timeout: 120_000, interval: 100 }).toBe(200);

    // 32 keep-alive connections hammer /go/ until the server goes away.
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    let redirects = 0;
    let stop = false;
    const worker = async () => {
      let failures = 0;
      while (!stop && failures < 3) {
        const status = await get(`${base}/go/surfshark?from=/`, agent);
        if (status === 302) redirects++;
        else failures++;
      }
    };
    const workers = Promise.all(Array.from({ length: 32 }, worker));
    // Under load, however slow the machine: signal once a few hundred clicks have been answered.
    await expect.poll(() => redirects, { timeout: 120_000 }).toBeGreaterThanOrEqual(300);
    const beforeSignal = redirects;
    child.kill('SIGTERM');
    const code = await exited;
    stop = true;
    await workers;
    agent.destroy();

    expect(code, output).toBe(0);
    expect(beforeSignal).toBeGreaterThanOrEqual(300);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM clicks WHERE provider = 'surfshark'");
    await client.end();
    expect(rows[0]!.n).toBe(redirects);
  });
});
