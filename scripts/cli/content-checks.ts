/**
 * The content checks as the CLI runs them: with the compiled schemas kept in the cache (cache.mjs). They run on the
 * calling thread: spread over the build's pool, 10,000 files took 8.0 s against 11.0 s on one thread (1.37×, three
 * alternating runs each), short of what a second code path must buy (docs/build-scaling.md).
 */
import { dirname } from 'node:path';
import type { LoadOptions } from '../../services/content/index.ts';
import { useValidatorsFile, validatorCode, validatorKey } from '../../services/content/schema-check.ts';
import { cachePath, readEntry, sweep, writeEntry } from '../build/cache.mjs';

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

/** LoadOptions for the CLI's runs: the compiled schemas from the cache. */
export function cliChecks(): LoadOptions {
  cachedValidators();
  return {};
}
