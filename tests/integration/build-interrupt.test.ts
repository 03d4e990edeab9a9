/**
 * A build stopped part-way (SIGTERM to the CLI alone, as a CI system or `kill` sends it) ends as a failed build:
 * its React Router build and the threads that render in it stop, its temporary directories go, and --out stays as
 * it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_ENV, type BuildJob } from '../../site/lib/build-job.ts';
import { treeDigest } from '../helpers/cli.ts';

/** The child processes of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

const environOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

/** Every live process whose command line or environment names `path`. */
function processesUsing(path: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      if (pid === process.pid) return false;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path) || environOf(pid).some((v) => v.includes(path));
      } catch {
        return false;
      }
    });
}

describe('vpnsite build, interrupted', () => {
  it('stops its children, removes its temporary directories and leaves --out alone on SIGTERM', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'vpnsite-interrupt-')), 'dist');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), '<!DOCTYPE html><title>the site as it was</title>');
    const before = treeDigest(out);

    const cli = spawn(process.execPath, ['scripts/vpnsite.js', 'build', '--out', out], {
      env: { ...process.env, VPNSITE_TODAY: '2026-11-21', VPNSITE_CACHE: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cli.stdout.on('data', (d: Buffer) => (output += d));
    cli.stderr.on('data', (d: Buffer) => (output += d));
    const exited = new Promise<number | null>((r) => cli.once('exit', (code) => r(code)));

    // React Router's build is the child whose job file names the work directory; it is at work once its client
    // build is written.
    let job: string | undefined;
    let work: string | undefined;
    await expect
      .poll(
        () => {
          job ??= childrenOf(cli.pid!)
            .flatMap(environOf)
            .find((v) => v.startsWith(`${JOB_ENV}=`))
            ?.slice(JOB_ENV.length + 1);
          work ??= job && (JSON.parse(readFileSync(job, 'utf8')) as BuildJob).buildDirectory;
          return work !== undefined && existsSync(join(work, 'client', 'assets'));
        },
        { timeout: 240_000, interval: 50 },
      )
      .toBe(true);
    expect(processesUsing(job!).length, 'the build has children at work').toBeGreaterThan(0);

    cli.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(output).toContain('✗ build stopped (SIGTERM); temporary files removed');
    expect(existsSync(work!)).toBe(false);
    expect(processesUsing(job!)).toEqual([]);
    expect(existsSync(job!)).toBe(false);
    expect(readdirSync(join(out, '..')).filter((n) => n.startsWith('.dist-new-'))).toEqual([]);
    expect(treeDigest(out)).toBe(before);
  }, 300_000);
});
