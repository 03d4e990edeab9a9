/** vpnsite dev: the React Router dev server with live content, and validation problems in the terminal on every save. */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadContent } from '../../services/content/index.ts';
import { portValue } from '../lib/option-values.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';
import { report } from './validate.ts';

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('run the dev server; edited YAML shows on reload and problems print here')
    .option('--data <dir>', 'content directory', 'data')
    .option('--port <n>', 'port', portValue, 5173)
    .action((flags: { data: string; port: number }) => {
      const dataDir = resolve(flags.data);
      const check = () => report(loadContent(flags.data, { cache: true }), { format: 'text' });
      check();
      let timer: NodeJS.Timeout | undefined;
      watch(dataDir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          console.log(`\n[content] ${new Date().toLocaleTimeString()} change in ${flags.data}/`);
          check();
        }, 100);
      });
      const child = spawn(process.execPath, [reactRouterBin(), 'dev', '--port', String(flags.port)], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
        env: { ...process.env, VPNSITE_DATA_DIR: dataDir, VPNSITE_LIVE_CONTENT: '1' },
      });
      child.on('exit', (code) => process.exit(code ?? 0));
    });
}
