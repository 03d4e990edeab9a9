/**
 * Benchmark: does the newsletter form's answer time say whether an address is on the list? `vpnsite serve`, on the
 * embedded database and on a throwaway PostgreSQL, answers sign-ups of new, pending, confirmed and unsubscribed
 * addresses, one at a time, the four kinds interleaved in rotating order; prints each kind's median and p90 answer
 * time and its ratio to a new address's. The sign-up is stored as it came and worked afterwards, so every ratio
 * should be about 1.
 * Run: `npm run bench:signup` (BENCH_SIGNUPS per kind, default 300).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startTestPostgres } from '../lib/throwaway-postgres.ts';

const PER_KIND = Number(process.env.BENCH_SIGNUPS ?? 300);
const KINDS = ['new', 'pending', 'confirmed', 'unsubscribed'] as const;
type Kind = (typeof KINDS)[number];
const BIN = resolve('scripts/vpnsite.js');

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function signUp(url: string, email: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/api/newsletter-subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return performance.now() - start;
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-bench-signup-'));
  const dist = join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>\n');
  const port = await freePort();
  const all = {
    ...process.env,
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000000',
    MAIL_DIR: join(dir, 'mail'),
    PGLITE_DIR: join(dir, 'pglite'),
    CLICK_JOURNAL_DIR: join(dir, 'clicks.journal'),
    ...env,
  };
  const child = spawn(process.execPath, [BIN, 'serve', '--dist', dist, '--port', String(port)], {
    env: all,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        (await fetch(`${url}/healthz/db`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      if (i > 3000) throw new Error('the service did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const address = (kind: Kind, i: number) => `${kind}-${i}@bench.example`;
    // The existing addresses: signed up, worked, then set to their status in one statement.
    for (const kind of KINDS.slice(1)) for (let i = 0; i < PER_KIND; i++) await signUp(url, address(kind, i));
    const sql = `UPDATE newsletter_subscribers SET status = CASE WHEN email LIKE 'confirmed-%' THEN 'confirmed' WHEN email LIKE 'unsubscribed-%' THEN 'unsubscribed' ELSE status END, confirm_sent_at = now() RETURNING 1`;
    for (let i = 0; ; i++) {
      const left = spawnSync(process.execPath, [BIN, 'db', 'query', 'SELECT count(*)::int AS n FROM newsletter_signups'], {
        env: all,
        encoding: 'utf8',
      });
      if (JSON.parse(left.stdout)[0].n === 0) break;
      if (i > 600) throw new Error('the sign-ups were not worked');
      await new Promise((r) => setTimeout(r, 100));
    }
    spawnSync(process.execPath, [BIN, 'db', 'query', sql], { env: all, encoding: 'utf8' });
    const times: Record<Kind, number[]> = { new: [], pending: [], confirmed: [], unsubscribed: [] };
    // Warm-up, not counted.
    for (let i = 0; i < 50; i++) await signUp(url, `warm-${i}@bench.example`);
    for (let i = 0; i < PER_KIND; i++) {
      for (let k = 0; k < KINDS.length; k++) {
        const kind = KINDS[(i + k) % KINDS.length]!;
        times[kind].push(await signUp(url, address(kind, i)));
      }
    }
    const base = quantile(times.new, 0.5);
    console.log(`\n${label}: ${PER_KIND} sign-ups of each kind, one at a time`);
    console.log('kind           median ms   p90 ms   median ÷ new');
    for (const kind of KINDS) {
      const med = quantile(times[kind], 0.5);
      console.log(
        `${kind.padEnd(14)} ${med.toFixed(2).padStart(9)} ${quantile(times[kind], 0.9).toFixed(2).padStart(8)}   ${(med / base).toFixed(2).padStart(12)}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await run('embedded PGlite', { DATABASE_URL: '' });
const pg = await startTestPostgres();
try {
  await run('PostgreSQL', { DATABASE_URL: pg.url });
} finally {
  pg.destroy();
}
