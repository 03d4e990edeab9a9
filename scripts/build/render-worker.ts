/**
 * One render worker (started by render-pages.ts): loads React Router's server build and prerenders the paths it is
 * given exactly as React Router's own prerender does (@react-router/dev's prerenderData and prerenderRoute): the
 * loader data as `<path>.data`, then the HTML, handed that data, as `<path>/index.html`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';

export interface WorkerJob {
  /** The kept server build's entry (index.js). */
  serverEntry: string;
  clientDir: string;
  /** A JSON file with every prerendered path (the handler refuses any other) and this worker's share of them. */
  pathsFile: string;
  worker: number;
  workers: number;
  concurrency: number;
}

async function main(job: WorkerJob): Promise<void> {
  // React Router reads the prerendered-data header only in a build (its getBuildTimeHeader).
  process.env.IS_RR_BUILD_REQUEST = 'yes';
  const { all, render } = JSON.parse(await readFile(job.pathsFile, 'utf8')) as { all: string[]; render: string[] };
  const build = (await import(pathToFileURL(job.serverEntry).href)) as ServerBuild;
  // With ssr:false the handler checks every request against build.prerender with Array#includes, which over
  // 10,000 paths made rendering quadratic; a set answers the same question.
  const known = new Set(all);
  const prerender = Object.assign([...all], { includes: (path: string) => known.has(path) });
  const handler = createRequestHandler({ ...build, prerender }, 'production');

  const mine = render.filter((_, i) => i % job.workers === job.worker);
  let next = 0;
  const one = async (path: string) => {
    const dataUrl = `http://localhost${path}.data`;
    const dataRes = await handler(new Request(dataUrl));
    const data = await dataRes.text();
    if (dataRes.status !== 200 && dataRes.status !== 202) throw new Error(`${path}: the loader data answered ${dataRes.status}\n${data.slice(0, 2000)}`);
    const page = await handler(new Request(`http://localhost${path}/`, { headers: { 'X-React-Router-Prerender-Data': encodeURI(data) } }));
    const html = await page.text();
    if (page.status !== 200) throw new Error(`${path}: the page answered ${page.status}\n${html.slice(0, 2000)}`);
    const dataFile = join(job.clientDir, `${path}.data`);
    const htmlFile = join(job.clientDir, path, 'index.html');
    await mkdir(dirname(htmlFile), { recursive: true });
    await Promise.all([writeFile(dataFile, data), writeFile(htmlFile, html)]);
  };
  // A few requests in flight, so file writes overlap rendering; rendering itself uses one core per worker.
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < mine.length) await one(mine[next++]!);
    }),
  );
}

main(JSON.parse(process.argv[2]!) as WorkerJob).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
