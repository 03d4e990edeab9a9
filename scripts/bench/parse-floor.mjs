// @ts-check
/**
 * The parse floor for `vpnsite validate` (scripts/bench/build.ts): reading every YAML file under a directory and
 * parsing it with yaml as the content library does (one document with its line counter, then its data), and nothing
 * else: no schema, no rules, no cache. With more than one thread the files are shared out round-robin and each thread keeps what
 * it parsed. Validation itself runs on one thread (scripts/cli/content-checks.ts): the floor with one thread is its yardstick.
 *
 * Usage: node scripts/bench/parse-floor.mjs <dir> <threads>; prints {"files":…,"seconds":…} as JSON.
 * Plain JavaScript, run by node without tsx, so that starting a thread costs only yaml's loading.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { LineCounter, parseDocument } from 'yaml';

/** @param {string[]} files */
function parseAll(files) {
  let keys = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // As services/content/source.ts parses: with a plain process.env, which yaml's parser reads at every token.
    const env = process.env;
    process.env = { LOG_TOKENS: env.LOG_TOKENS, LOG_STREAM: env.LOG_STREAM };
    let data;
    try {
      data = parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: true, prettyErrors: false }).toJS({ maxAliasCount: -1 });
    } finally {
      process.env = env;
    }
    keys += data && typeof data === 'object' ? Object.keys(data).length : 0;
  }
  return keys;
}

if (isMainThread) {
  const dir = /** @type {string} */ (process.argv[2]);
  const threads = Math.max(1, Number(process.argv[3] ?? 1));
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(dir, f));
  const share = (/** @type {number} */ t) => files.filter((_, i) => i % threads === t);
  const started = performance.now();
  const others = Array.from(
    { length: threads - 1 },
    (_, t) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: share(t + 1) });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
  );
  parseAll(share(0));
  await Promise.all(others);
  process.stdout.write(`${JSON.stringify({ files: files.length, seconds: (performance.now() - started) / 1000 })}\n`);
} else {
  parentPort?.postMessage(parseAll(workerData));
}
