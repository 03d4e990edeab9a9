/** After each test file, the children it started and left running (tests/helpers/serve-process.ts) are killed. */
import type { ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';

afterAll(() => {
  const running = (globalThis as { __testChildren?: Set<ChildProcess> }).__testChildren;
  for (const child of running ?? []) child.kill('SIGKILL');
  running?.clear();
});
