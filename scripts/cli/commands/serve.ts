/** vpnsite serve: the static site, the form endpoints and /go/<provider> in one Fastify process. */
import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';
import { DataDirBusy } from '../../../services/db/index.ts';
import { loadConfig } from '../../../services/http/config.ts';
import { startServer } from '../../../services/http/server.ts';
import { cachedValidators } from '../content-checks.ts';
import { portValue } from '../option-values.ts';
import { isPortBusy, portBusyLine } from '../port-busy.ts';

interface ServeFlags {
  dist?: string;
  data?: string;
  port?: number;
  host?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the built site, the form endpoints and /go/<provider>')
    .option('--dist <dir>', 'the built site (default: dist)')
    .option('--data <dir>', 'content directory for /go/ targets (default: data)')
    .option('--port <n>', 'port (default: 8080, or PORT)', portValue)
    .option('--host <host>', 'address to listen on (default: 127.0.0.1, or HOST)')
    .action(async (flags: ServeFlags) => {
      // V8 watches whether the objects made at each place in the code outlive young-generation collections, and
      // once most of them have, it makes that place's objects in the old generation for the rest of the process.
      // Under load a redirect's objects wait a few milliseconds for the turn's journal write and their batch, and
      // about a third of the service's starts were judged so: young collections then took two to three times as
      // long, and every redirect cost a fifth more CPU (docs/redirect.md). Set before any traffic.
      setFlagsFromString('--no-allocation-site-pretenuring');
      const config = loadConfig({
        distDir: flags.dist,
        dataDir: flags.data,
        host: flags.host,
        port: flags.port,
      });
      // The service validates the content at start-up: with the compiled schemas from the cache, ~0.6 s sooner.
      cachedValidators();
      try {
        await startServer(config);
      } catch (err) {
        if (isPortBusy(err)) throw new Error(portBusyLine(config.host, config.port, '--port N or PORT=N'));
        if (!(err instanceof DataDirBusy)) throw err;
        throw new Error(
          `cannot open the embedded database: ${err.message}. Stop that process first, or give this one another PGLITE_DIR or a DATABASE_URL.`,
        );
      }
    });
}
