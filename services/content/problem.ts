/** A content problem with its source position, in the shape scripts rely on (docs/cli.md). */
export type Severity = 'error' | 'warning';

export interface Problem {
  /** Path relative to the working directory, as printed. */
  file: string;
  line: number;
  column: number;
  /** JSON pointer into the file's data ('' for the whole document). */
  pointer: string;
  severity: Severity;
  message: string;
  /**
   * The other places with the same cause (a missing provider referred to from many files, say), folded into this
   * one so that one mistake is one problem. Absent when there are none.
   */
  folded?: Place[];
}

/** Where a folded problem also occurs. */
export type Place = Pick<Problem, 'file' | 'line' | 'column' | 'pointer'>;

/**
 * Problems that share one cause, as one: the first by position, whose message ends with `more(n)` for the n others
 * ("…, and 21 more references to it in 14 files"), and which lists them in `folded`.
 */
export function foldProblems(problems: Problem[], more: (n: number) => string): Problem {
  const [first, ...rest] = sortProblems(problems);
  if (rest.length === 0) return first!;
  const files = new Set(rest.map((p) => p.file)).size;
  return {
    ...first!,
    message: `${first!.message}, and ${more(rest.length)}${files > 1 ? ` in ${files} files` : ''}`,
    folded: rest.map(({ file, line, column, pointer }) => ({ file, line, column, pointer })),
  };
}

/** `data/providers/nordvpn.yaml:12:9 error /rating must be <= 5` (the one line per problem that `vpnsite validate` prints). */
export function formatProblem(p: Problem): string {
  const where = p.pointer ? `${p.pointer} ` : '';
  return `${p.file}:${p.line}:${p.column} ${p.severity} ${where}${p.message}`;
}

/** Errors first, then by file and position, so a run reads top to bottom. */
export function sortProblems(problems: Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === 'error' ? 0 : 1);
  return [...problems].sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** Edit distance, for "did you mean" suggestions. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The closest candidate when it is close enough to be a likely typo. */
export function didYouMean(value: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(value.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

/** " (did you mean 'x'?)" or nothing. */
export function suggestion(value: string, candidates: Iterable<string>): string {
  const best = didYouMean(value, candidates);
  return best ? ` (did you mean '${best}'?)` : '';
}
