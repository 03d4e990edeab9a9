/** What a single mistake in a copy of data/ is, and the one error `vpnsite validate` must give for it. */
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

/** The expected error at a file's line and column. */
export const at = (rel: string, line: number, column: number, pointer: string, message: string, folded?: number): ExpectedError => ({
  rel,
  line,
  column,
  pointer,
  message,
  ...(folded === undefined ? {} : { folded }),
});

/** A mistake made by replacing text in one file of the data copy. */
export const change = (rel: string, from: string, to: string) => (data: string) => edit(join(data, rel), from, to);
