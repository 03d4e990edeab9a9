/**
 * How content's YAML is read: the types a value gets, and the parser's options.
 *
 * YAML 1.2's core schema, whatever a file's `%YAML` directive says: `yes`, `no`, `on` and `off` stay strings, a date
 * stays a string (the schemas check its form), and `<<` is an ordinary key, not a merge. Beside it, the number forms
 * content has always been read with, so that no value changes type: a signed or binary integer (`-0x1A`, `0b101`,
 * `-0o17`) is a number, and a sign before a bare fraction (`-.5`) keeps the value a string.
 * tests/unit/yaml-types.test.ts pins every one of these.
 */
import { Schema, type DocumentOptions, type ParseOptions, type ScalarTag, type SchemaOptions, type ToJSOptions } from 'yaml';

/** Integers in base 2, 8 or 16 with a sign, or in base 2: the core schema reads them as strings. */
const radixInt: ScalarTag = {
  tag: 'tag:yaml.org,2002:int',
  default: true,
  test: /^[-+]?0(?:b[01]+|o[0-7]+|x[0-9a-fA-F]+)$/,
  resolve: (s) => (s[0] === '-' ? -Number(s.slice(1)) : Number(s[0] === '+' ? s.slice(1) : s)),
  // Only for reading: written back, a number takes the core schema's own form.
  identify: () => false,
};

/** A sign before a fraction with no integer part: the core schema reads a number, content has always read a string. */
const signedBareFraction: ScalarTag = {
  tag: 'tag:yaml.org,2002:str',
  default: true,
  test: /^[-+]\.[0-9]+(?:[eE][-+]?[0-9]+)?$/,
  resolve: (s) => s,
  identify: () => false,
};

/**
 * Built once, and handed to every document as it is: a document then neither builds a schema of its own nor takes
 * another from a `%YAML 1.1` directive. Tags are tried in order, so these two go before the core schema's numbers.
 */
const schema = new Schema({ schema: 'core', merge: false, customTags: (tags) => [signedBareFraction, radixInt, ...tags] });

/** Options for parseDocument: every problem's position comes from the document's ranges, so no pretty context. */
export const parseOptions: ParseOptions & DocumentOptions & SchemaOptions = { schema, uniqueKeys: true, prettyErrors: false };

/**
 * Options for toJS. An alias is the same object as its anchor in the data (nothing is copied), so the count of aliases
 * has no limit, as it never had: the limit guards against data that is written out in full, which content never is.
 */
export const toJSOptions: ToJSOptions = { maxAliasCount: -1 };
