/**
 * What each file's own checks found (its syntax, schema and own-rule problems, and the facts the cross-file rules
 * need of it), kept between `vpnsite validate` and `vpnsite build` runs, as linters keep theirs. A file whose size,
 * modification and change times are those recorded is not checked again (`vpnsite validate` does not even read
 * it): at 10,000 files, parsing the YAML was over half of a run. The file's data is not kept: it is ten times the
 * size of the facts, and writing it was a quarter of a first run's time; a build parses a file again for its data.
 *
 * One cache per data directory, in cacheDir() (node_modules/.cache/vpnsite or VPNSITE_CACHE_DIR), and only
 * for the checks it was made with (checksKey: the schemas, the code of a file's own checks and the YAML parsers).
 * Problems are kept without their printed path, which depends on the working directory. The cross-file rules
 * always run on everything. The cache is an optimisation only: when it cannot be read it is ignored, and when it
 * cannot be written the next run parses again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, type Stats, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PortableCheck } from './check-file.ts';
import type { Problem } from './problem.ts';
import { cacheDir } from './cache-dir.ts';
import { validatorKey } from './schema-check.ts';

const FORMAT = 5;

/**
 * The modules whose code decides a file's own checks (checkFile, parsing and placing problems, the kind of a path,
 * schema messages and suggestions, the own rules and facts, the route stub): a change to any of them, as after a
 * pull or an upgrade, must not leave old problems in the cache.
 */
const CHECK_MODULES = ['check-file.ts', 'source.ts', 'node-offsets.ts', 'schema-check.ts', 'problem.ts', 'cross-checks.ts', 'figure-rules.ts', 'figures.ts', 'routes.ts', 'schemas/index.ts'];

let key: string | undefined;

/** What a cached check depends on besides the file itself: the schemas and Ajv, the checking code, the YAML parsers. */
function checksKey(): string {
  if (key) return key;
  const here = dirname(fileURLToPath(import.meta.url));
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256').update(validatorKey());
  for (const m of CHECK_MODULES) hash.update('\0').update(readFileSync(join(here, m)));
  for (const p of ['js-yaml', 'yaml']) hash.update(`\0${p}@${(require(`${p}/package.json`) as { version: string }).version}`);
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** One file's own checks, as cached: a PortableCheck without the printed path (it depends on the working directory). */
export interface CachedCheck extends Omit<PortableCheck, 'problems'> {
  /** `mtimeMs:ctimeMs:size:ino` when it was checked. */
  stamp: string;
  problems: Omit<Problem, 'file'>[];
}

interface CacheFile {
  format: number;
  checks: string;
  files: Record<string, CachedCheck>;
}

export const stampOf = (st: Stats): string => `${st.mtimeMs}:${st.ctimeMs}:${st.size}:${st.ino}`;

/** The stamp kept for a file that could not be read: it matches no file's stamp, so the file is read again next time. */
export const UNREADABLE = 'unreadable';

/** Reads a file for checking, with its stamp taken first: a file changed meanwhile is checked again next time. */
export function readStamped(path: string): { text: string; stamp: string } {
  const stamp = stampOf(statSync(path));
  return { text: readFileSync(path, 'utf8'), stamp };
}

function fileFor(dataDir: string): string {
  const scope = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(cacheDir(), `parsed-${scope}.json`);
}

/** The cached checks of dataDir's files, keyed by data-relative path; empty when there are none that apply. */
export function readParseCache(dataDir: string): Map<string, CachedCheck> {
  try {
    const cache = JSON.parse(readFileSync(fileFor(dataDir), 'utf8')) as CacheFile;
    if (cache.format === FORMAT && cache.checks === checksKey()) return new Map(Object.entries(cache.files));
  } catch {
    // None yet, or unreadable: parse everything.
  }
  return new Map();
}

/**
 * Marks dataDir's cache as in use when a run found nothing to change in it, so that sweep() (which goes by the
 * file's age) never removes the cache of a data directory that is validated often but rarely edited.
 */
export function touchParseCache(dataDir: string): void {
  try {
    const now = new Date();
    utimesSync(fileFor(dataDir), now, now);
  } catch {
    // No cache to keep.
  }
}

/** Replaces dataDir's cache with these checks (the files that exist now). */
export function writeParseCache(dataDir: string, files: Map<string, CachedCheck>): void {
  const file = fileFor(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    const cache: CacheFile = { format: FORMAT, checks: checksKey(), files: Object.fromEntries(files) };
    writeFileSync(tmp, JSON.stringify(cache));
    renameSync(tmp, file);
    sweep(cacheDir());
  } catch {
    rmSync(tmp, { force: true });
  }
}

const STALE_MS = 14 * 24 * 3600 * 1000;

/** Removes the caches of data directories not validated for two weeks (scratch copies in temporary directories). */
function sweep(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!/^parsed-[0-9a-f]{16}\.json$/.test(name)) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
  }
}
