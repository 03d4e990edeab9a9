/** Single mistakes an editor makes in a copy of data/, each with the one error `vpnsite validate` must give for it. */
import { CROSS_FILE_MISTAKES } from './cross-file-mistakes.ts';
import { FIGURE_MISTAKES } from './figure-mistakes.ts';
import type { Mistake } from './mistake-kit.ts';
import { SCHEMA_MISTAKES } from './schema-mistakes.ts';

export type { ExpectedError, Mistake } from './mistake-kit.ts';

export const MISTAKES: Mistake[] = [...SCHEMA_MISTAKES, ...CROSS_FILE_MISTAKES, ...FIGURE_MISTAKES];
