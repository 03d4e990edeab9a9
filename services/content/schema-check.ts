/**
 * JSON Schema checks: every kind's validator, all errors mapped to file:line:col.
 *
 * Compiling the schemas with Ajv takes about 0.6 s, most of a small `vpnsite validate`. A caller may therefore keep
 * the compiled validators as Ajv's standalone code (validatorCode), named by validatorKey, and load them in ~30 ms
 * with useValidatorsFile; the CLI keeps them in its cache, and hands the file to its threads. Without that, the
 * schemas are compiled here on first use.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { KINDS, type Kind } from './schemas/index.ts';
import { didYouMean, suggestion, type Problem } from './problem.ts';
import { locate, type SourceFile } from './source.ts';

// verbose: errors carry parentSchema, which the block-type and property suggestions read.
// unicode: false measures minLength and maxLength in UTF-16 code units (String.length) rather than code points: every
// string has minLength 1, and counting code points ran over every character of every paragraph (~0.2 s of CPU at
// 10,000 files). The two differ only for characters outside the Basic Multilingual Plane (emoji), which count twice
// against the only maximums, the meta title's 120 and the description's 320. Ajv marks the option deprecated (its
// default is what it prefers, not what it will remove) and says so on every compile; that one notice is dropped.
const OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  discriminator: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  unicode: false,
};
const require = createRequire(import.meta.url);

let key: string | undefined;

/** A hash of the schemas as they are now, Ajv's version and its options: what a schema check's result depends on. */
export function validatorKey(): string {
  if (key) return key;
  const kinds = Object.keys(KINDS) as Kind[];
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  key = createHash('sha256')
    .update(JSON.stringify({ ajvVersion, OPTIONS, schemas: kinds.map((k) => [k, KINDS[k].schema]) }))
    .digest('hex')
    .slice(0, 16);
  return key;
}

let validators: Record<Kind, ValidateFunction> | undefined;

/** Compiles every kind's schema (Ajv is loaded only here: a run that loads compiled validators never needs it). */
function compile(): import('ajv').Ajv {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const logger = {
    log: console.log,
    warn: (...args: unknown[]) => String(args[0]).includes('option unicode') || console.warn(...args),
    error: console.error,
  };
  const ajv = new Ajv({ ...OPTIONS, logger, code: { source: true } });
  const kinds = Object.keys(KINDS) as Kind[];
  for (const k of kinds) ajv.addSchema(KINDS[k].schema, k);
  validators = Object.fromEntries(kinds.map((k) => [k, ajv.getSchema(k)!])) as Record<Kind, ValidateFunction>;
  return ajv;
}

/** The validators compiled as one CommonJS module (Ajv's standalone code), for useValidatorsFile to load. */
export function validatorCode(): string {
  const ajv = compile();
  const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')).default;
  // The generated code requires Ajv's runtime helpers by package name; name them by path, so the file works
  // wherever it is kept.
  return standaloneCode(ajv, Object.fromEntries(Object.keys(KINDS).map((k) => [k, k]))).replace(
    /require\("(ajv\/dist\/runtime\/[^"]+)"\)/g,
    (_, id: string) => `require(${JSON.stringify(require.resolve(id))})`,
  );
}

/** Checks with the validators in `file` (validatorCode's text) from now on. */
export function useValidatorsFile(file: string): void {
  validators = require(file) as Record<Kind, ValidateFunction>;
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

/**
 * Figures the site works out, which a file may not state a second time: why, for the property at `path`, or
 * undefined when it is not one of them.
 */
function derivedField(kind: Kind, path: string, prop: string): string | undefined {
  if (kind === 'gaming' && /^\/deals\/\d+$/.test(path) && prop === 'pingMs')
    return "a gaming card's ping is the nearest server's, from the speed tests on the provider's review: remove it";
  if (kind !== 'provider') return undefined;
  if (/^\/plans\/[^/]+$/.test(path)) {
    if (prop === 'discount')
      return "a plan's discount is worked out from its price and regularPrice (rounded down), so it can never disagree with them: remove it";
    if (prop === 'savings') return "a plan's savings are worked out from its price, regularPrice and months: remove it";
    if (prop === 'price' || prop === 'regularPrice' || prop === 'checked')
      return `a plan's ${prop === 'checked' ? 'checked date' : prop} is part of a dated observation: add one at the end of its \`prices:\` list, e.g. \`- { date: 2025-01-15, price: 3.39, regularPrice: 12.95, currency: USD, source: "https://…" }\``;
    if (prop === 'term') return 'a plan\'s label ("2-year plan") is made from its months: write months (e.g. 24) instead';
  }
  if (path === '' && prop === 'order')
    return 'providers are listed by rating (ties by name) everywhere, so no file sets a position: remove it';
  return undefined;
}

function describe(e: ErrorObject, data: unknown, kind: Kind): { pointer: string; message: string; at: 'value' | 'key' } {
  const here = valueAt(data, e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(e.params.additionalProperty);
      const meant = e.params.meant as string | undefined;
      const derived = derivedField(kind, e.instancePath, prop);
      if (derived) return { pointer: `${e.instancePath}/${prop}`, at: 'key', message: `'${prop}' is not typed: ${derived}` };
      const hint = meant === undefined ? suggestion(prop, allowedProperties(e)) : ` (did you mean '${meant}'?)`;
      return { pointer: `${e.instancePath}/${prop}`, at: 'key', message: `unknown property '${prop}'${hint}` };
    }
    case 'required':
      return { pointer: e.instancePath, at: 'value', message: `must have required property '${e.params.missingProperty}'` };
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      return {
        pointer: e.instancePath,
        at: 'value',
        message: `must be one of: ${allowed.join(', ')} (found ${found(here)})${suggestion(String(here), allowed)}`,
      };
    }
    case 'discriminator': {
      const tags = ((e.parentSchema as { oneOf?: { properties: { type: { const: string } } }[] }).oneOf ?? []).map(
        (s) => s.properties.type.const,
      );
      const tag = String(e.params.tagValue ?? '');
      const msg =
        e.params.error === 'tag'
          ? `must have a string property '${e.params.tag}'`
          : `unknown block type '${tag}'${suggestion(tag, tags)}; expected one of: ${tags.join(', ')}`;
      return { pointer: e.params.error === 'tag' ? e.instancePath : `${e.instancePath}/${e.params.tag}`, at: 'value', message: msg };
    }
    case 'type':
      return { pointer: e.instancePath, at: 'value', message: `${e.message} (found ${found(here)})` };
    case 'pattern':
      return {
        pointer: e.instancePath,
        at: 'value',
        message: `does not match the expected format ${e.params.pattern} (found ${found(here)})`,
      };
    default:
      return { pointer: e.instancePath, at: 'value', message: e.message ?? e.keyword };
  }
}

/** What a file's schema check found: its problems, and the pointers of the values they make unusable. */
export interface SchemaCheck {
  problems: Problem[];
  /**
   * Every value a schema error is about (a property that should not be there, a value of the wrong shape, a block
   * of an unknown type), as JSON pointers: the rules that span files leave them out, so that one mistake is not
   * reported again by them. A missing property spoils nothing: there is no value to leave out.
   */
  spoiled: string[];
}

/** Checks one parsed file against its kind's schema; every error, not just the first. */
export function checkSchema(source: SourceFile): SchemaCheck {
  if (!source.kind || source.data === undefined) return { problems: [], spoiled: [] };
  if (!validators) compile();
  const validate = validators![source.kind];
  if (validate(source.data)) return { problems: [], spoiled: [] };
  // ajv reports a failing "if"/"oneOf" wrapper as well as the inner error; keep the specific ones.
  const errors = oneErrorEach((validate.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if'));
  const problems = errors.map((e) => {
    const d = describe(e, source.data, source.kind!);
    const pos = locate(source, d.pointer, d.at);
    return { file: source.file, line: pos.line, column: pos.column, pointer: d.pointer, severity: 'error' as const, message: d.message };
  });
  const spoiled = errors.flatMap((e) => {
    if (e.keyword === 'required') return [];
    if (e.keyword === 'additionalProperties') return [`${e.instancePath}/${String(e.params.additionalProperty)}`];
    return [e.instancePath];
  });
  return { problems, spoiled };
}

/**
 * Ajv's errors with one error for each mistake. A renamed or misspelt required property is reported twice: the name
 * it has is unknown and the name it should have is missing. The unknown one is kept, suggesting the missing name
 * (when it is close, or when the object has just one of each), and the missing one is left out.
 */
function oneErrorEach(errors: ErrorObject[]): ErrorObject[] {
  const missing = new Map<string, string[]>();
  const unknown = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword === 'required') missing.set(e.instancePath, [...(missing.get(e.instancePath) ?? []), String(e.params.missingProperty)]);
    if (e.keyword === 'additionalProperties') unknown.set(e.instancePath, [...(unknown.get(e.instancePath) ?? []), e]);
  }
  const covered = new Set<string>();
  for (const [at, names] of missing) {
    const extras = unknown.get(at) ?? [];
    for (const e of extras) {
      const prop = String(e.params.additionalProperty);
      const meant = didYouMean(prop, names) ?? (extras.length === 1 && names.length === 1 ? names[0] : undefined);
      if (meant === undefined) continue;
      e.params = { ...e.params, meant };
      covered.add(`${at}\0${meant}`);
    }
  }
  // A block without its `type` is also missing a required property of that name: one error says it.
  const untagged = (e: ErrorObject) =>
    e.keyword === 'discriminator' && e.params.error === 'tag' && missing.get(e.instancePath)?.includes(String(e.params.tag));
  return errors.filter(
    (e) => (e.keyword !== 'required' || !covered.has(`${e.instancePath}\0${String(e.params.missingProperty)}`)) && !untagged(e),
  );
}
