/**
 * What is wrong with a contact form's fields, by field, for the browser (a message on each field) and the service
 * (the result page of a form posted without JavaScript lists the same problems). The rules are the endpoint's.
 */
import { isValidEmail } from './email.ts';

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Each field's message when it is wrong. */
export const PROBLEM_TEXT: Record<ContactField, string> = {
  name: 'Enter your name.',
  email: 'Enter a valid email address, such as name@example.com.',
  message: 'Write your message.',
};

/** The longest each field may be, as the endpoint allows. */
const MAX: Record<ContactField, number> = { name: 100, email: 254, message: 5000 };

/** The fields that are wrong, in the form's order. */
export function contactProblems(fields: Partial<Record<string, unknown>>): ContactField[] {
  return CONTACT_FIELDS.filter((key) => {
    const value = fields[key];
    if (typeof value !== 'string' || !value.trim() || value.length > MAX[key]) return true;
    return key === 'email' && !isValidEmail(value);
  });
}

/** The fields a result page's `?problems=` names, in the form's order; anything else in it is ignored. */
export function parseProblems(value: string | null | undefined): ContactField[] {
  const named = (value ?? '').split(',');
  return CONTACT_FIELDS.filter((key) => named.includes(key));
}

/** The id of each field's input on the contact page, the target of the result page's links back to it. */
export const fieldId = (key: ContactField) => `contact-${key}`;
