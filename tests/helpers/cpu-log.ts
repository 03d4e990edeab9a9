/**
 * With TEST_CPU_LOG=<file>, each test file's process appends one JSON line when it exits: the file, the CPU seconds
 * of its own process and of the children it waited for (services, CLI runs, a browser of its own), when it started and its
 * wall time; the e2e files' shared Chromium and service get a line each at the end (tests/helpers/global-site.ts). CPU time
 * is what the two cores run out of, and unlike wall time it barely moves with what else the machine runs, so this
 * is the figure to sort by when a suite gets slow. The unit files share their workers and are not logged.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const log = process.env.TEST_CPU_LOG;
if (log) {
  const started = Date.now();
  let file = '';
  afterAll(() => {
    file = expect.getState().testPath ?? file;
  });
  process.once('exit', () => {
    // /proc/self/stat fields 14-17: user and system ticks of this process, then of its waited-for children.
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ').map(Number);
    const tick = 100;
    appendFileSync(
      log,
      `${JSON.stringify({ file, started, self: (f[11]! + f[12]!) / tick, children: (f[13]! + f[14]!) / tick, wall: (Date.now() - started) / 1000 })}\n`,
    );
  });
}
