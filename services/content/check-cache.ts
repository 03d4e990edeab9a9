/**
 * What a caller may keep of each file's own checks between runs (the CLI keeps them on disk, as linters keep
 * theirs): its syntax, schema and own-rule problems and the facts the cross-file rules need of it, with the stamp
 * of the file they were made from. A file whose stamp is unchanged is not checked again (`vpnsite validate` does
 * not even read it): at 10,000 files, parsing the YAML was over half of a run, and at the site's size a run that
 * checks nothing never loads the 2 MB of compiled schemas. The file's data is not kept: it is ten times the size of
 * the facts; a build parses a file again for its data.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PortableCheck } from './check-file.ts';
import type { Problem } from './problem.ts';
import { validatorKey } from './schema-check.ts';

/** One file's own checks, as kept: a PortableCheck without the printed path (it depends on the working directory). */
export interface CachedCheck extends Omit<PortableCheck, 'problems'> {
  /** `mtimeMs:ctimeMs:size:ino` when it was checked. */
  stamp: string;
  problems: Omit<Problem, 'file'>[];
}

/** Where a run finds the checks kept by the last one, and leaves its own. */
export interface CheckStore {
  /** The kept checks by data-relative path, made by checks of this checksKey(); empty when there are none. */
  read(): Map<string, CachedCheck>;
  write(files: Map<string, CachedCheck>): void;
  /** Nothing changed: the kept checks are still in use. */
  touch(): void;
}

/**
 * The modules whose code decides a file's own checks (checkFile, parsing and placing problems, the kind of a path,
 * schema messages and suggestions, the own rules and facts, the route stub): a change to any of them, as after a
 * pull or an upgrade, must not leave old problems in a store.
 */
const CHECK_MODULES = ['check-cache.ts', 'check-file.ts', 'source.ts', 'node-offsets.ts', 'schema-check.ts', 'problem.ts', 'cross-checks.ts', 'figure-rules.ts', 'figures.ts', 'routes.ts', 'schemas/index.ts'];

let key: string | undefined;

/** What a kept check depends on besides the file itself: the schemas and Ajv, the checking code, the YAML parsers. */
export function checksKey(): string {
  if (key) return key;
  const here = dirname(fileURLToPath(import.meta.url));
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256').update(validatorKey());
  for (const m of CHECK_MODULES) hash.update('\0').update(readFileSync(join(here, m)));
  for (const p of ['js-yaml', 'yaml']) hash.update(`\0${p}@${(require(`${p}/package.json`) as { version: string }).version}`);
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** A file's stamp: it changes with any write to the file, or its replacement by another. */
export const stampOf = (st: Stats): string => `${st.mtimeMs}:${st.ctimeMs}:${st.size}:${st.ino}`;

/** The stamp kept for a file that could not be read: it matches no file's stamp, so the file is read again next time. */
export const UNREADABLE = 'unreadable';

/** Reads a file for checking, with its stamp taken first: a file changed meanwhile is checked again next time. */
export function readStamped(path: string): { text: string; stamp: string } {
  const stamp = stampOf(statSync(path));
  return { text: readFileSync(path, 'utf8'), stamp };
}
