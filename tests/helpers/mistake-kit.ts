/** What a single mistake is, and the helpers each list of them is written with. */
import { join } from 'node:path';
import { edit } from './cli.ts';

/** The one error, with its file relative to the data directory; `{data}` in the message stands for its printed path. */
export interface ExpectedError {
  rel: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  /** How many other places are folded under it. */
  folded?: number;
}

export interface Mistake {
  name: string;
  make: (data: string) => void;
  error: ExpectedError;
}

export const at = (rel: string, line: number, column: number, pointer: string, message: string, folded?: number): ExpectedError => ({
  rel,
  line,
  column,
  pointer,
  message,
  ...(folded === undefined ? {} : { folded }),
});

/** Replaces `from` with `to` in one file of the data directory. */
export const change = (rel: string, from: string, to: string) => (data: string) => edit(join(data, rel), from, to);

/** The schemas' pattern for a calendar date. */
export const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
