/**
 * With ssr:false React Router deletes its server build once it has prerendered. `vpnsite build` renders the
 * reviews and articles itself, in parallel worker processes (scripts/build/render-pages.ts), from that server
 * build: when VPNSITE_KEEP_SERVER_BUILD names a directory, this copies the server build there as soon as it is
 * written, before React Router's own writeBundle prerenders and deletes it.
 */
import { cpSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export function keepServerBuild(): Plugin {
  return {
    name: 'vpnsite:keep-server-build',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options) {
        const keep = process.env.VPNSITE_KEEP_SERVER_BUILD;
        const buildDir = process.env.VPNSITE_BUILD_DIR;
        if (!keep || !buildDir || !options.dir || resolve(options.dir) !== resolve(buildDir, 'server')) return;
        cpSync(options.dir, keep, { recursive: true });
      },
    },
  };
}
