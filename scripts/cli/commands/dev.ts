/**
 * vpnsite dev: the whole site while you edit it. React Router's dev server renders the pages from the content as it
 * is; the service (`/go/`, the forms, the health checks) runs beside it on the same database `serve` uses, and the dev
 * server passes its paths on. A content problem prints once in the terminal and shows over the page in the browser.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { formatProblem, loadContent, type Problem } from '../../../services/content/index.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataDirBusy, describeOwner, liveOwner, type Owner } from '../../../services/db/index.ts';
import { loadConfig, type ServiceConfig } from '../../../services/http/config.ts';
import { createServer } from '../../../services/http/server.ts';
import { JOB_ENV, writeJob, type BuildJob } from '../../../site/lib/build-job.ts';
import { cliChecks } from '../content-checks.ts';
import { portValue } from '../option-values.ts';
import { PROJECT_ROOT, reactRouterBin } from '../../build/paths.ts';
import { isPortBusy, portBusyLine, probePort } from '../port-busy.ts';
import { watchContent } from '../../build/watch-content.ts';

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

const SERVICE_PATHS = '/go/, /api/ and /healthz';

/**
 * Who answers the service's paths: the service started here; or, when another process owns the embedded database
 * (`vpnsite serve` beside this), that process, found through the database directory's lock record; or nobody, said
 * in one line, and the dev server answers them 503.
 */
async function startService(dataDir: string, siteOrigin: string): Promise<{ dev: NonNullable<BuildJob['dev']>; own?: FastifyInstance }> {
  const off = (why: string) => {
    console.error(`[service] ${SERVICE_PATHS} are off in dev (they answer 503): ${why}`);
    return { dev: { serviceOff: why } };
  };
  // No built site to serve: the dev server renders the pages, and passes on only the service's own paths. The
  // service still wants a not-found page of its own.
  const distDir = mkdtempSync(join(tmpdir(), 'vpnsite-dev-dist-'));
  writeFileSync(join(distDir, '404.html'), '<!doctype html><title>Not found</title><p>Not found.</p>\n');
  // The links in mails lead to the dev server, which serves their pages and passes their posts on.
  const config = loadConfig(
    { host: '127.0.0.1', port: 0, dataDir, distDir },
    { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || siteOrigin },
  );
  // A `vpnsite serve` already running on this directory (`npm start`) owns the database and the click journal: the
  // dev server hands it /go/, /api/ and the forms, and opens neither.
  const running = await runningService(config);
  if (running) return handOver(running);
  try {
    const service = await createServer(config);
    await service.listen({ host: config.host, port: 0 });
    await service.advertiseHttp();
    return { dev: { serviceUrl: `http://127.0.0.1:${(service.server.address() as AddressInfo).port}` }, own: service };
  } catch (err) {
    // A service that started meanwhile.
    const started = await runningService(config, 0);
    if (started) return handOver(started);
    if (err instanceof DataDirBusy) return off(`${config.db.pgliteDir} is in use by ${describeOwner(err.owner)}, which serves no HTTP`);
    return off(err instanceof Error ? err.message.split('\n')[0]! : String(err));
  }
}

interface Running {
  owner: Owner;
  dir: string;
}

function handOver({ owner, dir }: Running): { dev: NonNullable<BuildJob['dev']> } {
  console.log(`[service] ${SERVICE_PATHS} go to ${describeOwner(owner)} at ${owner.http}, which holds ${dir}`);
  return { dev: { serviceUrl: owner.http } };
}

/**
 * The `vpnsite serve` that holds this directory's embedded database or its click journal, found through their locks;
 * one still starting is waited for until it says where it listens, for up to `waitMs`.
 */
async function runningService(config: ServiceConfig, waitMs = 15_000): Promise<Running | null> {
  const dirs = [...(config.db.databaseUrl ? [] : [config.db.pgliteDir]), config.clickJournalDir];
  for (const until = Date.now() + waitMs; ; ) {
    const owners = dirs.map((dir) => ({ dir, owner: liveOwner(dir) })).filter((o): o is Running => o.owner !== null);
    const serving = owners.find((o) => o.owner.http);
    if (serving) return serving;
    if (!owners.some((o) => o.owner.command === 'serve') || Date.now() > until) return null;
    await sleep(200);
  }
}

/**
 * Stops on SIGINT or SIGTERM as a process manager expects: the signal goes on to the dev server, the service
 * finishes writing its clicks, and this process exits only once both have, so the port is free when it is gone.
 */
function stopTogether(child: ReturnType<typeof spawn>, service: FastifyInstance | undefined, stopWatching: () => Promise<void>): void {
  const childExited = new Promise<number>((r) => child.once('exit', (code, signal) => r(code ?? (signal ? 0 : 1))));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals | undefined) => {
    if (stopping) return;
    stopping = true;
    if (signal && child.exitCode === null && child.signalCode === null) child.kill(signal);
    const closed = Promise.all([stopWatching(), service?.close()]).then(
      () => undefined,
      (err: unknown) => console.error(err),
    );
    const code = await childExited;
    await closed;
    process.exit(signal ? 0 : code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  // The dev server stopped by itself (a crash, or a port taken meanwhile): nothing is left to serve.
  void childExited.then(() => stop(undefined));
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('run the whole site while you edit it: pages, /go/ and the forms; problems print here and over the page')
    .option('--data <dir>', 'content directory', 'data')
    .option('--port <n>', 'port', portValue, 5173)
    .option('--host <host>', 'address to listen on, e.g. 0.0.0.0 to reach it from another device', '127.0.0.1')
    .action(async (flags: { data: string; port: number; host: string }) => {
      // A taken port is said before anything starts; the dev server would otherwise move to the next one unasked.
      try {
        await probePort(flags.host, flags.port);
      } catch (err) {
        if (!isPortBusy(err)) throw err;
        throw new Error(portBusyLine(flags.host, flags.port, '--port N'));
      }
      const dataDir = resolve(flags.data);
      const print = problemPrinter();
      const check = () => {
        const loaded = loadContent(flags.data, cliChecks());
        print(loaded.problems);
        return loaded;
      };
      check();
      const { dev, own } = await startService(dataDir, `http://${flags.host === '0.0.0.0' ? 'localhost' : flags.host}:${flags.port}`);
      const stopWatching = await watchContent(dataDir, () => {
        // One load for the terminal and the service: a second would take the core the dev server renders the change on.
        const loaded = check();
        // New /go/ targets take effect at once; while the content has errors the last valid ones stay.
        own?.reloadContent(loaded);
      });
      // Without a snapshot, the site's loaders read the content directory again whenever a file in it changed.
      const job = join(mkdtempSync(join(tmpdir(), 'vpnsite-dev-')), 'job.json');
      writeJob(job, { dataDir, dev });
      const args = [reactRouterBin(), 'dev', '--port', String(flags.port), '--strictPort', '--host', flags.host];
      const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, [JOB_ENV]: job } });
      stopTogether(child, own, stopWatching);
    });
}
