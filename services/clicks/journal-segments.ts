/** The click journal's files: numbered segments of lines in one directory, read back at start-up. */
import {
  chmodSync,
  close,
  closeSync,
  fsync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';

export interface Segment {
  n: number;
  path: string;
  /** The number of its first line. */
  first: number;
  lines: number;
  bytes: number;
  openedAt: number;
}

const NEWLINE = 0x0a;
const NAME = /^(\d{12})\.ndjson$/;
export const segmentName = (n: number) => `${String(n).padStart(12, '0')}.ndjson`;

/**
 * The segments a previous run left in dir (made 0700 if missing), in order: a last line cut short (the machine lost
 * power mid-write, or the disk filled) was never counted as written, and is cut off; a segment with no whole line is
 * deleted. Only the directory's owner calls this.
 */
export function readSegments(dir: string): Segment[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const found: Segment[] = [];
  const files = readdirSync(dir)
    .map((f) => NAME.exec(f))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  let first = 0;
  for (const n of files) {
    const path = join(dir, segmentName(n));
    const data = readFileSync(path);
    const end = data.lastIndexOf(NEWLINE) + 1;
    if (end < data.length) {
      const fd = openSync(path, 'r+');
      ftruncateSync(fd, end);
      closeSync(fd);
    }
    let lines = 0;
    for (let i = data.indexOf(NEWLINE); i !== -1 && i < end; i = data.indexOf(NEWLINE, i + 1)) lines++;
    if (lines === 0) {
      unlinkSync(path);
      continue;
    }
    found.push({ n, path, first, lines, bytes: end, openedAt: statSync(path).mtimeMs });
    first += lines;
  }
  return found;
}

/** Makes a new name in dir outlive a power cut; a directory gone again meanwhile is found by the next segment. */
export function fsyncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  fsync(fd, () => close(fd, () => {}));
}
