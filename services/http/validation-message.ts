/** Turns JSON-schema validation errors into one sentence a person can read, for the `{error}` body. */
import type { FastifySchemaValidationError } from 'fastify';

const field = (e: FastifySchemaValidationError): string => {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || 'the request';
};

/** The first problem, phrased for the form's user (the footer's own wording for a bad email address). */
export function validationMessage(errors: FastifySchemaValidationError[], dataVar: string): string {
  const e = errors[0];
  if (!e) return 'The request is not valid.';
  const p = e.params as Record<string, unknown>;
  const name = field(e);
  switch (e.keyword) {
    case 'additionalProperties':
      return `Unknown field "${String(p.additionalProperty)}".`;
    case 'required':
      return `"${String(p.missingProperty)}" is required.`;
    case 'maxLength':
      return `"${name}" must be at most ${String(p.limit)} characters.`;
    case 'minLength':
      return `"${name}" must not be empty.`;
    case 'pattern':
      return name === 'email' ? 'Please enter a valid email address.' : `"${name}" must not be empty.`;
    case 'not':
      // The only `not` in the form schemas forbids control characters.
      return `"${name}" must not contain control characters.`;
    case 'type':
      return name === 'the request'
        ? `The ${dataVar} must be a JSON object.`
        : `"${name}" must be ${String(p.type) === 'string' ? 'text' : String(p.type)}.`;
    default:
      return `"${name}" ${e.message ?? 'is not valid'}.`;
  }
}
