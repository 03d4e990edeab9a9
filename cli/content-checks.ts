/**
 * The content checks as the CLI runs them: with the compiled schemas kept in the cache (cache.mjs), and the files
 * spread over every core (pool.ts; this module is the pass's task module too).
 */
import { dirname } from 'node:path';
import { checkEach, type LoadOptions, type PortableCheck } from '../content/index.ts';
import { useValidatorsFile, validatorCode, validatorKey } from '../content/schema-check.ts';
import { cachePath, readEntry, sweep, writeEntry } from '../build/cache.mjs';
import { batchesOf, runPass, type Task } from '../build/pool.ts';

/** Files a thread takes at a time, and below how many files one thread checks them all (a thread's start costs more). */
const BATCH = 40;
const MIN_FILES = 400;

let validators: { file: string | undefined } | undefined;

/**
 * The compiled schemas' file in the cache, made if need be, and checked with from now on; undefined when there is no
 * cache (the schemas are then compiled in memory, in each thread that needs them).
 */
export function cachedValidators(): string | undefined {
  if (validators) return validators.file;
  const name = `validators-${validatorKey()}.cjs`;
  let file = cachePath(name);
  if (file && readEntry(file) === undefined) {
    if (writeEntry(file, validatorCode())) sweep(dirname(file), { match: /^validators-[0-9a-f]{16}\.cjs$/, keep: [name], ageMs: 0 });
    else file = undefined;
  }
  if (file) useValidatorsFile(file);
  validators = { file };
  return file;
}

/** Checks a batch of files, on a pool thread or here, with the compiled schemas' file when the cache holds one. */
export default function checkTask({ init, batch }: Task<{ dataDir: string; validators?: string }, string[]>): ReturnType<typeof checkEach> {
  // Loaded once per thread: require keeps the module.
  if (init.validators) useValidatorsFile(init.validators);
  return checkEach(init.dataDir, batch);
}

/** Checks files on every core: a thread hands back a file's checks and facts, never its data (as costly to hand over as to parse). */
async function checkOnEveryCore(dataDir: string, rels: string[]): Promise<PortableCheck[]> {
  const done = await runPass({
    entry: 'cli/content-checks.ts',
    run: checkTask,
    init: { dataDir, validators: cachedValidators() },
    batches: batchesOf(rels, BATCH),
    worthThreads: rels.length >= MIN_FILES,
  });
  return done.flat();
}

/** LoadOptions for the CLI's runs: the compiled schemas from the cache, and validation on every core. */
export function cliChecks(): LoadOptions {
  cachedValidators();
  return { checkMany: checkOnEveryCore };
}
