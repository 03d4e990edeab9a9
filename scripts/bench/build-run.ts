/** Runs `vpnsite` as a child process for the build benchmarks, and reads the phases a build prints. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../build/paths.ts';

const GNU_TIME = '/usr/bin/time';

export interface Run {
  seconds: number;
  peakMb: number;
  ok: boolean;
  out: string;
  stdout: string;
}

/** Runs the CLI, timing it and (with GNU time) reading the peak RSS of the largest process in its tree. */
export function vpnsite(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const cmd = existsSync(GNU_TIME) ? GNU_TIME : process.execPath;
  const argv = existsSync(GNU_TIME)
    ? ['-f', 'peak-kb=%M', process.execPath, join(PROJECT_ROOT, 'scripts/vpnsite.js'), ...args]
    : [join(PROJECT_ROOT, 'scripts/vpnsite.js'), ...args];
  const t = performance.now();
  const r = spawnSync(cmd, argv, { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, ...env } });
  const seconds = (performance.now() - t) / 1000;
  const peak = /peak-kb=(\d+)/.exec(r.stderr)?.[1];
  return { seconds, peakMb: peak ? Number(peak) / 1024 : NaN, ok: r.status === 0, out: `${r.stdout}\n${r.stderr}`, stdout: r.stdout };
}

/** The phases `vpnsite build` prints. */
export function phases(out: string): {
  prerenderS: number;
  bundleS: number;
  renderS: number;
  checkS: number;
  searchS: number;
  rendered: number;
} {
  const [, prerenderS, bundleS, renderS] = (/prerender +\d+ pages in ([\d.]+)s \(bundle ([\d.]+)s, render ([\d.]+)s\)/.exec(out) ?? []).map(
    Number,
  );
  const checkS = Number(/check +\d+ pages in ([\d.]+)s/.exec(out)?.[1]);
  // The search index is written before the checks' line is printed, and its time is within theirs.
  const searchS = Number(/search +\d+ pages indexed in ([\d.]+)s/.exec(out)?.[1]);
  const rendered = Number(/on every core: (\d+) rendered/.exec(out)?.[1]);
  return { prerenderS: prerenderS!, bundleS: bundleS!, renderS: renderS!, checkS, searchS, rendered };
}
