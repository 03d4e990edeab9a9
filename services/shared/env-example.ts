/** The text of `.env.example`, written from the environment schema so the two never drift. */
import { Kind, type TSchema } from '@sinclair/typebox';
import { accepts } from './env-read.ts';
import { ENV_GROUPS } from './env-schema.ts';

const WIDTH = 118;

/** `text` as `# ` comment lines of at most WIDTH characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length > 1 && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

function exampleValue(schema: TSchema): string {
  if (schema.default === undefined) return '';
  if (typeof schema.default === 'boolean') return schema.default ? '1' : '0';
  return String(schema.default);
}

export function envExample(): string {
  const out = [
    ...comment(
      'vpnsite reads these once at start-up. Every one is optional. Copy this file to .env in the directory you run vpnsite from: the CLI reads it, and a variable already set in the environment wins.',
    ),
    ...comment('Written by `npm run env:example` from services/shared/env-schema.ts: change or add a setting there, not here.'),
  ];
  for (const group of ENV_GROUPS) {
    out.push('');
    for (const [name, schema] of Object.entries(group)) {
      // A choice of words lists them, from the schema itself.
      const choices = schema[Kind] === 'Union' ? ` Takes ${accepts(schema)}.` : '';
      out.push(...comment(`${schema.description ?? ''}${choices}`), `${name}=${exampleValue(schema)}`);
    }
  }
  return `${out.join('\n')}\n`;
}
