/**
 * TypeBox schemas that more than one route uses. A route's schema is written once, in TypeBox: Fastify's Ajv
 * validates the request with it (server.ts sets the Ajv options, validation-message.ts words the errors) and, through
 * `withTypeProvider<TypeBoxTypeProvider>()`, the handler's request types are derived from the same object. The type
 * provider is types alone (withTypeProvider returns the instance itself), so it adds nothing to a request's work.
 */
import { type SchemaOptions, Type } from '@sinclair/typebox';

/** The body of every 4xx this service answers: one sentence a person can read. */
export const ErrorBody = Type.Object({ error: Type.String() }, { additionalProperties: false });

/**
 * One of the given strings, as JSON Schema's `enum`, typed as those strings. TypeBox's own union of literals compiles
 * to `anyOf`, whose first error reads "must be equal to constant" rather than "must be equal to one of the allowed values".
 */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ ...options, enum: [...values] });
