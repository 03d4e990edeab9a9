/** Runs the vpnsite CLI as a user would, in a child process, or its commands in this process. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { format } from 'node:util';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node scripts/vpnsite.js …args` from the project root. */
export function vpnsite(args: string[], env: NodeJS.ProcessEnv = {}): CliResult {
  const r = spawnSync(process.execPath, ['scripts/vpnsite.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, VPNSITE_TODAY: '2026-11-21', ...env },
    timeout: 300_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `vpnsite …args` run in this process, with `env` over the environment for the run and what it prints captured: a
 * command's logic without a process's start-up (most of a small command's time). Each command keeps a test that runs
 * it as a real process (vpnsite()), for what only a process shows: .env, signals, exit codes, and its start-up.
 */
export async function vpnsiteInProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { run } = await import('../../scripts/cli/program.ts');
  const savedEnv = process.env;
  const savedExitCode = process.exitCode;
  const streams = [process.stdout, process.stderr] as const;
  const writes = streams.map((s) => s.write);
  const consoles = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  let stdout = '';
  let stderr = '';
  const toOut = (chunk: unknown) => ((stdout += String(chunk)), true);
  const toErr = (chunk: unknown) => ((stderr += String(chunk)), true);
  const line =
    (to: (chunk: unknown) => boolean) =>
    (...parts: unknown[]) =>
      void to(`${format(...parts)}\n`);
  process.env = { ...savedEnv, VPNSITE_TODAY: '2026-11-21', ...env };
  process.exitCode = undefined;
  process.stdout.write = toOut as typeof process.stdout.write;
  process.stderr.write = toErr as typeof process.stderr.write;
  Object.assign(console, { log: line(toOut), info: line(toOut), warn: line(toErr), error: line(toErr) });
  try {
    const code = await run(['node', 'vpnsite', ...args]);
    return { status: code ?? Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.env = savedEnv;
    process.exitCode = savedExitCode;
    process.stdout.write = writes[0]!;
    process.stderr.write = writes[1]!;
    Object.assign(console, consoles);
  }
}

/** A scratch copy of the real data/ directory, for breaking things. */
export function copyOfData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-data-'));
  cpSync('data', dir, { recursive: true });
  return dir;
}

/** Replaces text in a file of a data copy; fails loudly if the text is not there. */
export function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
  writeFileSync(file, text.replace(from, to));
}

/** A digest of every file's path and bytes below dir (less the files named in skip), to prove a directory did not change. */
export function treeDigest(dir: string, skip: readonly string[] = []): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!skip.includes(relative(dir, full))) hash.update(relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}
