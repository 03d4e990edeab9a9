/** vpnsite serve: the static site, the form endpoints and /go/<provider> in one Fastify process. */
import type { Command } from 'commander';
import { loadConfig } from '../../services/http/config.ts';
import { startServer } from '../../services/http/server.ts';
import { portValue } from '../lib/option-values.ts';

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
      const config = loadConfig({
        distDir: flags.dist,
        dataDir: flags.data,
        host: flags.host,
        port: flags.port,
      });
      await startServer(config);
    });
}
