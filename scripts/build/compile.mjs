#!/usr/bin/env node
// @ts-check
/**
 * Compiles the CLI (with the service it starts) and the build's worker tasks to JavaScript: `npm install` runs it as
 * the `prepare` step, `npm run build` on demand. What it writes is what `vpnsite` runs (bundle.mjs), so a production
 * install compiles once here and never at run time. Exits 1 if an entry does not compile.
 */
import { bundled } from './bundle.mjs';

/**
 * Every TypeScript module that runs as a program or in a worker of its own: the CLI, and the task modules of the
 * pool's passes (scripts/build/pool.ts), each of which names its own entry.
 */
const ENTRIES = ['scripts/cli/program.ts', 'scripts/build/react-router.ts', 'scripts/build/finish-pages.ts'];

let failed = false;
for (const entry of ENTRIES) {
  if (!(await bundled(entry, { make: true }))) {
    console.error(`vpnsite: could not compile ${entry}`);
    failed = true;
  }
}
if (failed) process.exit(1);
