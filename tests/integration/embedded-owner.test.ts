import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDir } from '../../services/db/data-dir-lock.ts';
import { openDb, openDbForCommand } from '../../services/db/index.ts';
import { insertClicks, KNOWN_CLICKS } from '../helpers/clicks.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const running: ServeProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) await stop(p, 'SIGKILL');
});
const serve = async (...args: Parameters<typeof spawnServe>) => {
  const p = await spawnServe(...args);
  running.push(p);
  return p;
};

/** One GET on a keep-alive agent: the status, or 0 when the connection failed. */
const get = (url: string, agent: Agent) =>
  new Promise<number>((resolve) => {
    const req = request(url, { agent, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });

const today = () => new Date().toISOString().slice(0, 10);

describe('the embedded database', () => {
  it('refuses a second serve on the same directory at once, naming the directory and the owner', async () => {
    const dir = freshPgliteDir();
    const first = await serve({ DATABASE_URL: '', PGLITE_DIR: dir }, '/healthz/db');
    const second = await serve({ DATABASE_URL: '', PGLITE_DIR: dir }, null);
    const code = await second.exited;
    // Refused, not waited for as a shorter command is (the next test).
    expect(second.output()).not.toContain('waiting up to');
    expect(code).toBe(1);
    expect(second.output()).toContain(dir);
    expect(second.output()).toContain(`vpnsite serve (pid ${first.child.pid}`);
    // The first one was not disturbed.
    expect((await fetch(`${first.url}/go/nordvpn`, { redirect: 'manual' })).status).toBe(302);
    expect((await stop(first)).code).toBe(0);
  });

  it('waits for a command that holds the directory, says so once, and starts when it is done', async () => {
    const dir = freshPgliteDir();
    // This process takes the directory as a command would (`vpnsite clicks`), and gives it up once the service waits.
    const command = await acquireDataDir(dir, 'clicks');
    const svc = await serve({ DATABASE_URL: '', PGLITE_DIR: dir }, null);
    await expect.poll(() => svc.output(), { timeout: 120_000 }).toContain(`vpnsite clicks (pid ${process.pid}`);
    expect(svc.output()).toContain('waiting up to 8 s for it to finish');
    await command.release();
    await expect
      .poll(
        () =>
          fetch(`${svc.url}/healthz/db`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000 },
      )
      .toBe(200);
    expect(svc.output().match(/waiting up to/g)).toHaveLength(1);
    expect((await stop(svc)).code).toBe(0);
  });

  it('says a PGLITE_DIR that is a file is not a directory', async () => {
    const file = `${freshPgliteDir()}.file`;
    writeFileSync(file, '');
    await expect(openDb({ pgliteDir: file })).rejects.toThrow(`PGLITE_DIR ${file} is not a directory`);
  });

  it('answers the CLI 8 times under /go/ load, each answer exact, through the running service', async () => {
    const dir = freshPgliteDir();
    const env = { DATABASE_URL: '', PGLITE_DIR: dir, VPNSITE_TODAY: '2026-11-21' };
    const svc = await serve(env, '/healthz/db');
    // Known clicks on past days, written through the service like any command's work.
    const db = await openDbForCommand({ pgliteDir: dir }, 'test');
    await insertClicks(db, KNOWN_CLICKS);
    await db.close();

    // Steady traffic, about 400 redirects a second at most: enough to keep the click writer busy beside the
    // commands, without a closed loop that takes whatever CPU the machine has from the rest of the suite.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let answered = 0;
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          if ((await get(`${svc.url}/go/surfshark?placement=load`, agent)) === 302) answered++;
          await delay(20);
        }
      }),
    );
    const expected = [
      { provider: 'nordvpn', clicks: 4, uniques: 3 },
      { provider: 'protonvpn', clicks: 1, uniques: 1 },
      { provider: 'surfshark', clicks: 1, uniques: 1 },
    ];
    const answers = [];
    for (let round = 0; round < 2; round++) {
      const runs = Array.from({ length: 4 }, () =>
        vpnsiteAsync(['clicks', '--by', 'provider', '--since', '2026-11-19', '--until', '2026-11-21', '--format', 'json'], env),
      );
      answers.push(...(await Promise.all(runs)));
    }
    // Migrations and the rollup refresh also go through the service while it runs.
    const migrated = await vpnsiteAsync(['db', 'migrate'], env);
    const refreshed = await vpnsiteAsync(['db', 'refresh-rollup'], env);
    loading = false;
    await load;
    agent.destroy();

    expect(answers).toHaveLength(8);
    for (const a of answers) {
      expect(a.stderr).toBe('');
      expect(a.status).toBe(0);
      expect(JSON.parse(a.stdout)).toEqual(expected);
    }
    expect(migrated).toMatchObject({ status: 0, stdout: `PGlite in ${dir} is up to date\n` });
    expect(refreshed.status).toBe(0);
    expect(answered).toBeGreaterThan(100);
    // Current as well as exact: once the last batch is written, today's count is every redirect answered.
    const todays = async () =>
      JSON.parse((await vpnsiteAsync(['clicks', '--since', today(), '--until', today(), '--format', 'json'], env)).stdout)[0].clicks;
    await expect.poll(todays, { timeout: 20_000 }).toBe(answered);
    expect((await stop(svc)).code).toBe(0);
  });

  it('reopens cleanly after SIGKILL, with every click written before the kill', async () => {
    const dir = freshPgliteDir();
    const env = { DATABASE_URL: '', PGLITE_DIR: dir };
    const first = await serve(env, '/healthz/db');
    for (let i = 0; i < 50; i++)
      expect((await fetch(`${first.url}/go/protonvpn?placement=before-kill`, { redirect: 'manual' })).status).toBe(302);
    const count = async () =>
      JSON.parse(
        (await vpnsiteAsync(['db', 'query', "SELECT count(*)::int AS n FROM clicks WHERE placement = 'before-kill'"], env)).stdout,
      )[0].n;
    await expect.poll(count, { timeout: 20_000 }).toBe(50);
    expect((await stop(first, 'SIGKILL')).code).toBeNull();

    const second = await serve(env, '/healthz/db');
    expect(await count()).toBe(50);
    expect((await fetch(`${second.url}/go/protonvpn?placement=after-kill`, { redirect: 'manual' })).status).toBe(302);
    expect((await stop(second)).code).toBe(0);
    // With no service running, a command opens the directory itself.
    expect(await count()).toBe(50);
    // Two starts of the embedded database and four commands, each a process of its own: minutes on a busy machine.
  }, 300_000);
});
