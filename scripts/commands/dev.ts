/** vpnsite dev: the React Router dev server with live content, and validation problems in the terminal on every save. */
import { spawn } from 'node:child_process';
import { mkdtempSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadContent } from '../../services/content/index.ts';
import { JOB_ENV, writeJob } from '../../site/lib/build-job.ts';
import { portValue } from '../lib/option-values.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';
import { report } from './validate.ts';
import { cliChecks } from '../lib/content-checks.ts';

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('run the dev server; edited YAML shows on reload and problems print here')
    .option('--data <dir>', 'content directory', 'data')
    .option('--port <n>', 'port', portValue, 5173)
    .option('--host <host>', 'address to listen on, e.g. 0.0.0.0 to reach it from another device', '127.0.0.1')
    .action((flags: { data: string; port: number; host: string }) => {
      const dataDir = resolve(flags.data);
      const check = () => report(loadContent(flags.data, cliChecks(flags.data)), { format: 'text' });
      check();
      let timer: NodeJS.Timeout | undefined;
      watch(dataDir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          console.log(`\n[content] ${new Date().toLocaleTimeString()} change in ${flags.data}/`);
          check();
        }, 100);
      });
      // Without a snapshot, the site's loaders read the content directory again whenever a file in it changed.
      const job = join(mkdtempSync(join(tmpdir(), 'vpnsite-dev-')), 'job.json');
      writeJob(job, { dataDir });
      const child = spawn(process.execPath, [reactRouterBin(), 'dev', '--port', String(flags.port), '--host', flags.host], { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, [JOB_ENV]: job } });
      child.on('exit', (code) => process.exit(code ?? 0));
    });
}
