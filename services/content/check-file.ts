/** One file's own checks: that it parses, that some kind of content lives at its path, its schema, and its own rules. */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { FileFacts } from './file-facts.ts';
import { fileRules } from './file-rules.ts';
import { sortProblems, type Problem } from './problem.ts';
import { checkSchema } from './schema-check.ts';
import { kindOf, type Kind } from './schemas/index.ts';
import { parseSource, printedPath, sourceOf, type SourceFile } from './source.ts';

export interface FileCheck {
  /** Undefined for a file at a path no kind claims. */
  source: SourceFile | undefined;
  problems: Problem[];
  /** Parsed and schema-valid: its data is content. */
  valid: boolean;
  /** What the cross-file rules need of the file; for a file with errors, what could be read of it. */
  facts?: FileFacts;
}

/** Checks one file's text: everything about it that does not depend on other files or on the day. */
export function checkFile(dataDir: string, rel: string, text: string): FileCheck {
  const { source, problems } = parseSource(dataDir, rel, text);
  if (!source.kind) {
    problems.push({
      file: source.file,
      line: 1,
      column: 1,
      pointer: '',
      severity: 'error',
      message: 'no content kind lives at this path (see data/README.md)',
    });
    return { source: undefined, problems, valid: false };
  }
  const kinded = source as SourceFile & { kind: NonNullable<SourceFile['kind']> };
  if (source.data === undefined) {
    // The parser's later errors mostly come from its first (a missing quote runs on to the end of the file): that
    // one is the mistake. What the other files need of this one is only that it exists.
    return { source, problems: firstSyntaxError(problems), valid: false, facts: fileRules(kinded, undefined, ['']).facts };
  }
  const schema = checkSchema(source);
  problems.push(...schema.problems);
  // A file with schema errors still counts for the rules that span files (its slug and routes are known), without
  // the values its errors are about, so that no other file is reported for them.
  const valid = schema.problems.length === 0;
  const own = fileRules(kinded, undefined, valid ? undefined : schema.spoiled);
  problems.push(...own.problems);
  return { source, problems, valid, facts: own.facts };
}

/** The first YAML error by position, and the warnings. */
function firstSyntaxError(problems: Problem[]): Problem[] {
  const errors = sortProblems(problems.filter((p) => p.severity === 'error'));
  return [...errors.slice(0, 1), ...problems.filter((p) => p.severity !== 'error')];
}

/**
 * Reads one file and checks it. A file that cannot be read (a link to a missing file, no permission) is one error at
 * its first line, and the run goes on to the other files.
 */
export function readAndCheck(dataDir: string, rel: string): FileCheck {
  let text: string;
  try {
    text = readFileSync(join(dataDir, rel), 'utf8');
  } catch (err) {
    return unreadable(dataDir, rel, err as NodeJS.ErrnoException);
  }
  return checkFile(dataDir, rel, text);
}

/** The check of a file that could not be read: one error at its first line that says why. */
function unreadable(dataDir: string, rel: string, err: NodeJS.ErrnoException): FileCheck {
  const path = join(dataDir, rel);
  const link = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(path) : undefined;
  const why =
    err.code === 'ENOENT'
      ? link === undefined
        ? 'it was removed while being checked'
        : `it is a link to ${link}, which does not exist`
      : err.code === 'EACCES' || err.code === 'EPERM'
        ? 'permission denied'
        : err.code === 'ELOOP'
          ? 'it is a link that leads back to itself'
          : err.message;
  const problems: Problem[] = [
    { file: printedPath(dataDir, rel), line: 1, column: 1, pointer: '', severity: 'error', message: `cannot be read: ${why}` },
  ];
  // Still there for the files that refer to it, by its file name, like a file that does not parse.
  const source = kindOf(rel) ? sourceOf(dataDir, rel, undefined) : undefined;
  if (!source) return { source, problems, valid: false };
  return { source, problems, valid: false, facts: fileRules(source as SourceFile & { kind: Kind }, undefined, ['']).facts };
}

/** A FileCheck without the data and the text, as validation keeps it for the cross-file rules. */
export interface PortableCheck {
  /** False for a file at a path no kind claims. */
  kind: boolean;
  problems: Problem[];
  valid: boolean;
  facts?: FileFacts;
  spots: NonNullable<SourceFile['spots']>;
}

export function portable(check: FileCheck): PortableCheck {
  const p: PortableCheck = {
    kind: check.source !== undefined,
    problems: check.problems,
    valid: check.valid,
    spots: check.source?.spots ?? {},
  };
  if (check.facts) p.facts = check.facts;
  return p;
}

/** The FileCheck a portable one stands for: its source reads the file again only to locate a new problem. */
export function fromPortable(dataDir: string, rel: string, p: PortableCheck): FileCheck {
  return { source: p.kind ? sourceOf(dataDir, rel, undefined, p.spots) : undefined, problems: p.problems, valid: p.valid, facts: p.facts };
}
