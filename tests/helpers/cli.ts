/** Runs the vpnsite CLI as a user would, in a child process. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node bin/vpnsite.js …args` from the project root. */
export function vpnsite(args: string[], env: NodeJS.ProcessEnv = {}): CliResult {
  const r = spawnSync(process.execPath, ['bin/vpnsite.js', ...args], { encoding: 'utf8', env: { ...process.env, VPNSITE_TODAY: '2026-11-21', ...env }, timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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

/** A digest of every file's path and bytes below dir, to prove a directory did not change. */
export function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}
