/** The helpers every block schema is declared with, so each block type can live in its own file. */
import { Type } from '@sinclair/typebox';
import { Str } from '../common.ts';

/** Declares one block type: its `type` tag is added as a required constant. */
export function block<T extends Parameters<typeof Type.Object>[0], K extends string>(type: K, properties: T, description: string) {
  return Type.Object(
    { type: Type.Literal(type, { description: `Block type "${type}".` }), ...properties },
    { additionalProperties: false, description },
  );
}

export const Heading = Str('Section heading (an <h2>).');

export const Intro = Type.Optional(Str('A sentence or two under the heading.'));
