/**
 * Scheduled builds (SCHEDULED_BUILDS=1): `vpnsite serve` publishes a page at its `publishAt` and takes one off at
 * its `expiresAt` by building the site again, from the moments the current build wrote to `_schedule.json`.
 *
 * The build for a moment starts ahead of it (`leadMs`), judged at that moment (VPNSITE_NOW), into a directory beside
 * the site; at the moment it is swapped in by one rename. So the page is live at its time however long a build
 * takes, and a build that fails leaves the served site as it was (and is tried again after `retryMs`). It runs as a
 * child process at a lower priority: the redirect path never waits on a build.
 *
 * Instances that serve one shared dist take a lock beside it: one of them builds, and every instance (the others too)
 * sees the new `_schedule.json` within `pollMs` and reads the new build. So does a build run by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { SCHEDULE_FILE, type ScheduleRecord } from '../content/publishing.ts';
import { swapInto } from './publish.ts';

const BIN = fileURLToPath(new URL('../../scripts/vpnsite.js', import.meta.url));

interface Log {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface ScheduledBuildsOptions {
  distDir: string;
  dataDir: string;
  log: Log;
  /** Called once a new build is in distDir (this instance's, another's, or one run by hand). */
  onNewBuild: () => void;
  /** How long before a scheduled moment its build starts (default 5 minutes). */
  leadMs?: number;
  /** How often `_schedule.json` is read (default 5 s). */
  pollMs?: number;
  /** How long after a failed build the next try starts (default 2 minutes). */
  retryMs?: number;
}

export interface ScheduledBuilds {
  /** Stops the timers and a build under way, and waits for it to exit. */
  stop: () => Promise<void>;
}

function readSchedule(distDir: string): ScheduleRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(distDir, SCHEDULE_FILE), 'utf8')) as ScheduleRecord;
  } catch {
    // No build yet, one built before schedules existed, or one being swapped in this instant: nothing to act on.
    return undefined;
  }
}

export function scheduleBuilds(opts: ScheduledBuildsOptions): ScheduledBuilds {
  const { distDir, dataDir, log } = opts;
  const leadMs = opts.leadMs ?? 5 * 60_000;
  const retryMs = opts.retryMs ?? 2 * 60_000;
  // Beside dist, not in it: the swap replaces dist, and with it anything inside.
  const staging = `${distDir}.scheduled`;
  const lockPath = `${distDir}.schedule`;
  let seen = readSchedule(distDir)?.builtAt;
  let retryAt = 0;
  let busy = false;
  let stopped = false;
  let child: ChildProcess | undefined;
  let waitTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  /** A new build in dist, whoever made it: the service reads it. */
  const look = () => {
    const current = readSchedule(distDir);
    if (current && current.builtAt !== seen) {
      seen = current.builtAt;
      log.info({ builtAt: current.builtAt, next: current.next }, 'a new build is in place: serving it');
      opts.onNewBuild();
    }
    return current;
  };

  const build = (at: string): Promise<{ ok: boolean; output: string }> =>
    new Promise((done) => {
      let output = '';
      const proc = spawn(process.execPath, [BIN, 'build', '--data', dataDir, '--out', staging], {
        env: { ...process.env, VPNSITE_NOW: at },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      try {
        setPriority(proc.pid!, 10);
      } catch {
        // Not allowed on this system: the build runs at the service's priority.
      }
      proc.stdout!.on('data', (d: Buffer) => (output += d));
      proc.stderr!.on('data', (d: Buffer) => (output += d));
      proc.once('exit', (code) => {
        child = undefined;
        done({ ok: code === 0, output });
      });
    });

  /** Waits until `at`, or until stopped. */
  const until = (at: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      waitTimer = setTimeout(resolve, Math.max(0, at - Date.now()));
    });

  const publish = async (next: string) => {
    let release: (() => Promise<void>) | undefined;
    try {
      release = await lockfile.lock(lockPath, { realpath: false, stale: 60_000, update: 10_000 });
    } catch {
      // Another instance builds this dist; its build is read once it is swapped in.
      return;
    }
    try {
      // It may have built already, while this instance waited for its turn.
      if (look()?.next !== next) return;
      const at = Math.max(Date.parse(next), Date.now());
      log.info({ next }, `building the site as it will be at ${next}`);
      await rm(staging, { recursive: true, force: true });
      const started = Date.now();
      const result = await build(new Date(at).toISOString());
      if (stopped) return;
      if (!result.ok) {
        retryAt = Date.now() + retryMs;
        log.error(
          { next, output: result.output.trim().split('\n').slice(-20).join('\n') },
          `the scheduled build failed: the site stays as it was; trying again in ${Math.round(retryMs / 1000)} s`,
        );
        return;
      }
      await until(at);
      if (stopped) return;
      await swapInto(staging, distDir);
      log.info({ next, buildSeconds: Math.round((Date.now() - started) / 1000) }, `published the site as of ${next}`);
      look();
    } catch (err) {
      retryAt = Date.now() + retryMs;
      log.error({ err, next }, 'the scheduled build could not be published: the site stays as it was');
    } finally {
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      await release().catch(() => undefined);
    }
  };

  const tick = () => {
    if (stopped || busy) return;
    const current = look();
    const next = current?.next;
    if (!next || Date.now() < Date.parse(next) - leadMs || Date.now() < retryAt) return;
    busy = true;
    void publish(next).finally(() => (busy = false));
  };

  if (!existsSync(join(distDir, SCHEDULE_FILE)))
    log.warn({ distDir }, `SCHEDULED_BUILDS is on, but ${distDir} has no ${SCHEDULE_FILE} yet: run vpnsite build`);
  const timer = setInterval(tick, opts.pollMs ?? 5000);
  timer.unref();
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(waitTimer);
      wake?.();
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        await exited;
      }
    },
  };
}
