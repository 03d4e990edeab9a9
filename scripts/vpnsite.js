#!/usr/bin/env node
// The vpnsite CLI is written in TypeScript and runs as the JavaScript bundle `npm install` compiled of it
// (scripts/build/compile.mjs, its `prepare` step). In a development install a bundle whose sources changed is made
// again first (scripts/build/bundle.mjs); a production install runs what was compiled and needs no TypeScript tool.
import { pathToFileURL } from 'node:url';
import { bundled } from './build/bundle.mjs';

const entry = await bundled('scripts/cli/program.ts');
if (!entry) {
  console.error('vpnsite: the CLI has not been compiled; run `npm run build` (npm install does it) and try again');
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await (await import(pathToFileURL(entry).href)).main();
