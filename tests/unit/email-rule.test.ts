/** The one email rule of the forms: the HTML standard's valid email address, as <input type=email> applies it. */
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../services/shared/email.ts';

describe('isValidEmail', () => {
  it('accepts what the browser accepts', () => {
    for (const e of [
      'a@b',
      'reader@example.com',
      "o'brien+news@mail.example.co.uk",
      'x_y.z-1@sub-domain.example',
      ' padded@example.com ',
      '#!$%&*/=?^`{|}~@example.com',
    ])
      expect(isValidEmail(e), e).toBe(true);
  });
  it('refuses what the browser refuses', () => {
    for (const e of [
      '',
      'a@b@c',
      'x@example.com\r\nBcc: y@z',
      'a@example.com\n',
      'no-at',
      '@example.com',
      'a@',
      'a b@example.com',
      '"q"@example.com',
      'a@-x.com',
      'a@x-.com',
      'a@x..com',
      'a@.x',
      'caf\u00e9@example.com',
      'a@ex\u00e4mple.com',
      'a\u0000@example.com',
      `a@${'x'.repeat(64)}.com`,
    ]) {
      expect(isValidEmail(e), JSON.stringify(e)).toBe(false);
    }
  });
});
