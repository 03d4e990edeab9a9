/**
 * With TEST_CPU_LOG=<file>, each test file appends one JSON line after its last test: the file, the CPU seconds
 * of its own process and of the children it waited for (services, CLI runs, a browser of its own), when it started and its
 * wall time; the e2e files' shared Chromium and service get a line each at the end (tests/helpers/global-site.ts). CPU time
 * is what the two cores run out of, and unlike wall time it barely moves with what else the machine runs, so this
 * is the figure to sort by when a suite gets slow.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

/** CPU seconds of this process and of the children it has waited for: /proc/self/stat fields 14-17, in 1/100 s. */
function cpuNow(): { self: number; children: number } {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ').map(Number);
  return { self: (f[11]! + f[12]!) / 100, children: (f[13]! + f[14]!) / 100 };
}

const log = process.env.TEST_CPU_LOG;
if (log) {
  // Run again before each file, in a process of its own or one its worker shares with other files: the line is the
  // file's share, from here to its last hook.
  const started = Date.now();
  const before = cpuNow();
  afterAll(() => {
    const file = expect.getState().testPath ?? '';
    const now = cpuNow();
    const self = Math.round((now.self - before.self) * 100) / 100;
    const children = Math.round((now.children - before.children) * 100) / 100;
    appendFileSync(log, `${JSON.stringify({ file, started, self, children, wall: (Date.now() - started) / 1000 })}\n`);
  });
}
