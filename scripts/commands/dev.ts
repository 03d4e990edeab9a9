/**
 * vpnsite dev: the whole site while you edit it. React Router's dev server renders the pages from the content as it
 * is; the service (`/go/`, the forms, the health checks) runs beside it on the same database `serve` uses, and the dev
 * server passes its paths on. A content problem prints once in the terminal and shows over the page in the browser.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, watch, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { formatProblem, loadContent, type Problem } from '../../services/content/index.ts';
import { loadConfig } from '../../services/http/config.ts';
import { startServer } from '../../services/http/server.ts';
import { JOB_ENV, writeJob } from '../../site/lib/build-job.ts';
import { cliChecks } from '../lib/content-checks.ts';
import { portValue } from '../lib/option-values.ts';
import { PROJECT_ROOT, reactRouterBin } from '../lib/paths.ts';

/** Prints the problems not printed before, and "content valid" when the last error is fixed. */
function problemPrinter(): (problems: Problem[]) => void {
  let printed = new Set<string>();
  let hadErrors = false;
  return (problems) => {
    const lines = problems.map(formatProblem);
    for (const line of lines) if (!printed.has(line)) console.log(line);
    printed = new Set(lines);
    const errors = problems.some((p) => p.severity === 'error');
    if (!errors && hadErrors) console.log('✓ content valid');
    hadErrors = errors;
  };
}

/** The service beside the dev server, on a free port; undefined (with the reason printed) when it cannot start. */
async function startService(dataDir: string, siteOrigin: string): Promise<{ url: string; reload: () => boolean } | undefined> {
  try {
    // No built site to serve: the dev server renders the pages, and passes on only the service's own paths. The
    // service still wants a not-found page of its own.
    const distDir = mkdtempSync(join(tmpdir(), 'vpnsite-dev-dist-'));
    writeFileSync(join(distDir, '404.html'), '<!doctype html><title>Not found</title><p>Not found.</p>\n');
    // The links in mails lead to the dev server, which serves their pages and passes their posts on.
    const config = loadConfig({ host: '127.0.0.1', port: 0, dataDir, distDir }, { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || siteOrigin });
    const service = await startServer(config);
    return { url: `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`, reload: () => service.reloadContent() };
  } catch (err) {
    console.error(`[service] not started, so /go/ and the forms do not answer in dev: ${err instanceof Error ? err.message.split('\n')[0] : err}`);
    return undefined;
  }
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('run the whole site while you edit it: pages, /go/ and the forms; problems print here and over the page')
    .option('--data <dir>', 'content directory', 'data')
    .option('--port <n>', 'port', portValue, 5173)
    .option('--host <host>', 'address to listen on, e.g. 0.0.0.0 to reach it from another device', '127.0.0.1')
    .action(async (flags: { data: string; port: number; host: string }) => {
      const dataDir = resolve(flags.data);
      const print = problemPrinter();
      const check = () => print(loadContent(flags.data, cliChecks()).problems);
      check();
      const service = await startService(dataDir, `http://${flags.host === '0.0.0.0' ? 'localhost' : flags.host}:${flags.port}`);
      let timer: NodeJS.Timeout | undefined;
      watch(dataDir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          check();
          // New /go/ targets take effect at once; while the content has errors the last valid ones stay.
          service?.reload();
        }, 100);
      });
      // Without a snapshot, the site's loaders read the content directory again whenever a file in it changed.
      const job = join(mkdtempSync(join(tmpdir(), 'vpnsite-dev-')), 'job.json');
      writeJob(job, { dataDir, dev: { serviceUrl: service?.url } });
      const args = [reactRouterBin(), 'dev', '--port', String(flags.port), '--host', flags.host];
      const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, [JOB_ENV]: job } });
      child.on('exit', (code) => process.exit(code ?? 0));
    });
}
