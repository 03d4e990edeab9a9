/**
 * Two services started as two containers on one volume start: each PID 1 of its own PID namespace, under the same
 * hostname, on one embedded database directory and one click journal. A pid and a hostname cannot tell them apart;
 * the kernel's lock does. The second exits 1 at once, naming the directory; the first keeps every click it
 * answered, which a restart after a SIGKILL stores, each once.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { liveOwner } from '../../services/db/index.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';

/** A PID namespace of its own (the service is its PID 1), its own /proc, and the hostname every container here has. */
const CONTAINER = [
  'unshare',
  '--pid',
  '--fork',
  '--mount-proc',
  '--uts',
  '--kill-child=SIGKILL',
  'sh',
  '-c',
  'hostname vpnsite-box && exec "$@"',
  'sh',
];

const running: ServeProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) await stop(p, 'SIGKILL');
});
const serve = async (...args: Parameters<typeof spawnServe>) => {
  const p = await spawnServe(...args);
  running.push(p);
  return p;
};

/** `n` redirects; how many were answered 302. */
async function clicks(url: string, placement: string, n: number): Promise<number> {
  let answered = 0;
  for (let i = 0; i < n; i++)
    if ((await fetch(`${url}/go/nordvpn?placement=${placement}`, { redirect: 'manual' })).status === 302) answered++;
  return answered;
}

describe('one owner across PID namespaces', () => {
  it('refuses the second container on one directory and one journal, and the first keeps every click through a kill', async () => {
    const pglite = freshPgliteDir();
    const journal = mkdtempSync(join(tmpdir(), 'vpnsite-ns-journal-'));
    const env = { DATABASE_URL: '', PGLITE_DIR: pglite, CLICK_JOURNAL_DIR: journal, CLICK_BUDGET_PER_MINUTE: '0' };
    const first = await serve(env, '/healthz/db', undefined, CONTAINER);
    // The first is PID 1 where it runs, as a container's service is: the pid a second one in its own namespace has too.
    expect(JSON.parse(readFileSync(join(journal, 'vpnsite.pid'), 'utf8'))).toMatchObject({ pid: 1, host: 'vpnsite-box', command: 'serve' });
    let answered = await clicks(first.url, 'first-owner', 60);

    // The same directory and the same journal: the journal is taken first, and named.
    const second = await serve(env, null, undefined, CONTAINER);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(journal);
    // A journal of its own, the same database directory: that is named.
    const third = await serve(
      { ...env, CLICK_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'vpnsite-ns-journal-')) },
      null,
      undefined,
      CONTAINER,
    );
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain(pglite);
    expect(third.output()).toContain('is in use by vpnsite serve (pid 1, since');

    // The first was not disturbed, and its journal segment is still there to be written to.
    answered += await clicks(first.url, 'first-owner', 60);
    expect(answered).toBe(120);
    expect((await stop(first, 'SIGKILL')).code).toBeNull();
    // The kernel releases the locks once the process inside is gone.
    await expect.poll(() => liveOwner(pglite) ?? liveOwner(journal), { timeout: 20_000 }).toBeNull();

    // The next start finds the journal the first left, and stores every click it answered, once.
    const next = await serve(env, '/healthz/db', undefined, CONTAINER);
    const stored = async () =>
      JSON.parse(
        (
          await vpnsiteAsync(
            ['db', 'query', "SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM clicks WHERE placement = 'first-owner'"],
            env,
          )
        ).stdout,
      )[0];
    await expect.poll(stored, { timeout: 60_000 }).toEqual({ n: answered, ids: answered });
    expect((await stop(next, 'SIGKILL')).code).toBeNull();
  }, 600_000);
});
