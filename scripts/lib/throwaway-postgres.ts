/**
 * A throwaway PostgreSQL server for the tests and the benchmarks: initdb in a temp directory, a free port, trust
 * auth on loopback.
 * As root it runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  url: string;
  port: number;
  dataDir: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

/** The newest PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin. */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  return join(root, newest, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function run(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

/** Creates and starts a fresh server. Call destroy() at the end. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = pgBin();
  const base = mkdtempSync(join(tmpdir(), 'vpnsite-pg-'));
  const dataDir = join(base, 'data');
  const socketDir = join(base, 'sock');
  if (isRoot()) {
    chmodSync(base, 0o777);
    execFileSync('runuser', ['-u', 'postgres', '--', 'mkdir', '-p', socketDir]);
  } else execFileSync('mkdir', ['-p', socketDir]);
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pg: TestPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start: () => run(join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', join(dataDir, 'server.log'), '-w', 'start']),
    stop: () => run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    destroy: () => {
      try {
        pg.stop();
      } catch {
        // already stopped
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
