/**
 * The one email rule of the site's forms, for the browser and the service alike: the "valid email address" of the
 * HTML standard, which `<input type=email>` applies (https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address).
 * ASCII only, one @, no spaces, quotes or control characters, and a domain of dot-separated labels. It refuses
 * `a@b@c` and any address carrying a line break (`x@example.com\r\nBcc: y@z`).
 */

/**
 * The standard's expression, as a string so a JSON schema can carry it too. Spaces before and after the address
 * are allowed (and trimmed by whoever stores it), as the browser strips them from an email field's value.
 */
export const EMAIL_PATTERN =
  "^ *[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)* *$";

const EMAIL = new RegExp(EMAIL_PATTERN);

/** True for a valid address (spaces around it allowed). */
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}
