/** A throwaway redis-server (Debian's `redis-server` package) on a free port in a temp directory. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';

const BIN = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

export interface TestRedis {
  url: string;
  /** Sends the server a signal (SIGSTOP freezes it: connections stay open and nothing answers; SIGCONT thaws it). */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' }, () => s.write('PING\r\n'));
    s.on('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      s.destroy();
    });
    s.on('error', () => resolve(false));
  });

/** Starts redis-server; fails with the install command when the binary is missing (.ci/run installs it). */
export async function startTestRedis(): Promise<TestRedis> {
  if (!BIN) throw new Error('redis-server not found: apt-get install -y redis-server');
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-redis-'));
  const port = await freePort();
  const child = spawn(BIN, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  // However slow the machine: a minute for a server that starts in milliseconds is a hang, and says so.
  for (const until = Date.now() + 60_000; !(await answersPing(port)); ) {
    if (Date.now() > until) throw new Error(`redis-server did not answer PING on port ${port} within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    signal: (signal) => void child.kill(signal),
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
