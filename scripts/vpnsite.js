#!/usr/bin/env node
// The vpnsite CLI is written in TypeScript. It runs as a bundle that esbuild makes of it on first use and again
// after any edit (scripts/build/bundle.mjs), which starts ~0.4 s sooner than tsx; tsx runs it when no bundle can be
// made.
import { pathToFileURL } from 'node:url';
import { bundled } from './build/bundle.mjs';

const entry = await bundled('scripts/cli/program.ts');
if (entry) {
  process.setSourceMapsEnabled(true);
  await (await import(pathToFileURL(entry).href)).main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await (await import('./cli/program.ts')).main();
}
