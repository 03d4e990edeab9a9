/** JSON Schema checks: one Ajv instance, every kind compiled once, all errors mapped to file:line:col. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { KINDS, type Kind } from './schemas/index.ts';
import { suggestion, type Problem } from './problem.ts';
import { locate, type SourceFile } from './source.ts';

// verbose: errors carry parentSchema, which the block-type and property suggestions read.
const ajv = new Ajv({ allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true });
const validators = new Map<Kind, ValidateFunction>();

function validatorFor(kind: Kind): ValidateFunction {
  let v = validators.get(kind);
  if (!v) {
    v = ajv.compile(KINDS[kind].schema);
    validators.set(kind, v);
  }
  return v;
}

function found(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`;
  return String(value);
}

function valueAt(data: unknown, pointer: string): unknown {
  let cur = data;
  for (const seg of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

/** Properties the schema at an error allows, for "did you mean". */
function allowedProperties(e: ErrorObject): string[] {
  const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function describe(e: ErrorObject, data: unknown): { pointer: string; message: string; at: 'value' | 'key' } {
  const here = valueAt(data, e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(e.params.additionalProperty);
      return { pointer: `${e.instancePath}/${prop}`, at: 'key', message: `unknown property '${prop}'${suggestion(prop, allowedProperties(e))}` };
    }
    case 'required':
      return { pointer: e.instancePath, at: 'value', message: `must have required property '${e.params.missingProperty}'` };
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      return { pointer: e.instancePath, at: 'value', message: `must be one of: ${allowed.join(', ')} (found ${found(here)})${suggestion(String(here), allowed)}` };
    }
    case 'discriminator': {
      const tags = ((e.parentSchema as { oneOf?: { properties: { type: { const: string } } }[] }).oneOf ?? []).map((s) => s.properties.type.const);
      const tag = String(e.params.tagValue ?? '');
      const msg = e.params.error === 'tag'
        ? `must have a string property '${e.params.tag}'`
        : `unknown block type '${tag}'${suggestion(tag, tags)}; expected one of: ${tags.join(', ')}`;
      return { pointer: e.params.error === 'tag' ? e.instancePath : `${e.instancePath}/${e.params.tag}`, at: 'value', message: msg };
    }
    case 'type':
      return { pointer: e.instancePath, at: 'value', message: `${e.message} (found ${found(here)})` };
    case 'pattern':
      return { pointer: e.instancePath, at: 'value', message: `does not match the expected format ${e.params.pattern} (found ${found(here)})` };
    default:
      return { pointer: e.instancePath, at: 'value', message: e.message ?? e.keyword };
  }
}

/** Checks one parsed file against its kind's schema; every error, not just the first. */
export function checkSchema(source: SourceFile): Problem[] {
  if (!source.kind || source.data === undefined) return [];
  const validate = validatorFor(source.kind);
  if (validate(source.data)) return [];
  // ajv reports a failing "if"/"oneOf" wrapper as well as the inner error; keep the specific ones.
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if');
  return errors.map((e) => {
    const d = describe(e, source.data);
    const pos = locate(source, d.pointer, d.at);
    return { file: source.file, line: pos.line, column: pos.column, pointer: d.pointer, severity: 'error' as const, message: d.message };
  });
}
