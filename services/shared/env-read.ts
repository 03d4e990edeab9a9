/** Reads environment variables through their schema (env-schema.ts): defaults applied, a bad value one clear line. */
import { Kind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type Env, type EnvName, EnvSchema } from './env-schema.ts';

const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

/** The environment's text as the schema's type; a value that cannot be one stays text, for the check to refuse. */
function convert(schema: TSchema, raw: string): unknown {
  switch (schema[Kind]) {
    case 'Integer':
    case 'Number':
      return NUMBER.test(raw) ? Number(raw) : raw;
    case 'Boolean':
      return raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

function range(what: string, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
  if (min !== undefined) return `${what} of at least ${min}`;
  if (max !== undefined) return `${what} of at most ${max}`;
  return what;
}

/** What a variable takes, in words: the schema's own `accepts`, or read from its keywords. */
export function accepts(schema: TSchema): string {
  if (typeof schema.accepts === 'string') return schema.accepts;
  switch (schema[Kind]) {
    case 'Integer':
      return range('a whole number', schema.minimum, schema.maximum);
    case 'Number':
      return range('a number', schema.minimum ?? schema.exclusiveMinimum, schema.maximum);
    case 'Union': {
      const values = (schema.anyOf as TSchema[]).map((s) => String(s.const));
      return values.length === 2 ? values.join(' or ') : `one of ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
    }
    case 'Literal':
      return String(schema.const);
    default:
      return schema.minLength ? `at least ${schema.minLength} characters` : 'text';
  }
}

/**
 * Reads `names` from `env`. Unset or blank takes the default (or leaves the variable out); anything else must be what
 * the schema accepts, or this throws `NAME must be … (found "…")`, never repeating a secret.
 */
export function readEnv<K extends EnvName>(names: readonly K[], env: NodeJS.ProcessEnv = process.env): Pick<Env, K> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const schema = EnvSchema.properties[name] as TSchema;
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      if (schema.default !== undefined) out[name] = schema.default;
      continue;
    }
    const value = convert(schema, raw);
    if (!Value.Check(schema, value)) throw new Error(`${name} must be ${accepts(schema)}${schema.secret ? '' : ` (found "${raw}")`}`);
    out[name] = value;
  }
  return out as Pick<Env, K>;
}
