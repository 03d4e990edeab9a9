/** The routes' shared TypeBox schemas: they compile, with the service's Ajv options, to the `{error}` sentences the routes answer with. */
import { type Static, Type } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorBody, StringEnum } from '../../services/http/schemas.ts';
import { validationMessage } from '../../services/http/validation-message.ts';

// Fastify's Ajv with the options server.ts gives it.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false });
const refusal = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  if (validate(data)) throw new Error(`accepted ${JSON.stringify(data)}`);
  return validationMessage(validate.errors!, 'querystring');
};

describe('route schemas', () => {
  it('a choice of strings stays a JSON Schema enum, typed as its values, and a wrong value reads as one', () => {
    const Query = Type.Object({ format: Type.Optional(StringEnum(['json', 'csv'], { description: 'the answer' })) });
    expect(JSON.parse(JSON.stringify(Query.properties.format))).toEqual({ enum: ['json', 'csv'], description: 'the answer' });
    expectTypeOf<Static<typeof Query>>().toEqualTypeOf<{ format?: 'json' | 'csv' }>();
    expect(refusal(Query, { format: 'xml' })).toBe('"format" must be equal to one of the allowed values.');
    expect(ajv.validate(Query, { format: 'csv' })).toBe(true);
  });

  it('the error body is one sentence and nothing else', () => {
    expect(ajv.validate(ErrorBody, { error: 'The request is not valid.' })).toBe(true);
    expect(ajv.validate(ErrorBody, { error: 'x', stack: 'at …' })).toBe(false);
    expect(ajv.validate(ErrorBody, {})).toBe(false);
  });
});
