/** The JSON Schema files editors' YAML language server reads (`# yaml-language-server: $schema=…`), generated from KINDS. */
import { KINDS, type Kind } from './index.ts';

/** [file name, JSON text] for each content kind. A unit test keeps the committed files equal to these. */
export function schemaFiles(): [string, string][] {
  return (Object.keys(KINDS) as Kind[]).map((kind) => [
    `${kind}.schema.json`,
    `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', title: kind, ...KINDS[kind].schema }, null, 2)}\n`,
  ]);
}
