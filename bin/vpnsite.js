#!/usr/bin/env node
// The vpnsite CLI is written in TypeScript. It runs as a bundle that esbuild makes of it on first use and again
// after any edit (services/compile/bundle.mjs), which starts ~0.4 s sooner than tsx; tsx runs it when no bundle
// can be made.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundled } from '../services/compile/bundle.mjs';

const dir = await bundled('scripts/cli.ts');
if (dir) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(dir, 'scripts-cli.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../scripts/cli.ts');
}
