/** CPU time from Linux's /proc/<pid>/stat (stat(5)), for the benchmarks that split a run's CPU between processes. */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcCpu {
  /** The process's name (stat's `comm`). */
  name: string;
  /** CPU seconds (user + system) of the process itself, and of its children it has waited for. */
  self: number;
  children: number;
}

/** The CPU of process `pid` ('self' for this one), or undefined when it is gone or this is not Linux. */
export function procCpu(pid: number | 'self'): ProcCpu | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // Fields from the 3rd on; utime, stime, cutime and cstime are the 14th to 17th. Clock ticks are 1/100 s on Linux.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (i: number) => Number(fields[i]) / 100;
  return { name, self: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

/**
 * The CPU seconds of process `pid` and of every process below it that is still running, each with its finished
 * children's (a browser's renderers are waited for by its zygote). Zero when `pid` is gone or this is not Linux.
 */
export function processTreeCpu(pid: number): number {
  const parentOf = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (p: number): boolean => p === pid || (parentOf.has(p) && p > 1 && inTree(parentOf.get(p)!));
  let total = 0;
  for (const p of parentOf.keys()) {
    if (!inTree(p)) continue;
    const cpu = procCpu(p);
    if (cpu) total += cpu.self + cpu.children;
  }
  return total;
}
