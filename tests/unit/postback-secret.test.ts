/**
 * The postback's secret check compares two SHA-256 digests in constant time, so neither its time nor an early exit
 * tells a caller the secret's length: every guess, of any length, goes through the same 32-byte comparison.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sameSecret } from '../../services/http/routes/conversions.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();
const SECRET = 'impact-postback-secret-0123456789';

describe('sameSecret', () => {
  it('accepts the secret and refuses every other guess, shorter, as long or longer', () => {
    const expected = digest(SECRET);
    expect(sameSecret(SECRET, expected)).toBe(true);
    for (const guess of [
      '',
      'i',
      SECRET.slice(0, -1),
      `${SECRET.slice(0, -1)}X`,
      `${SECRET}0`,
      SECRET.repeat(100),
      'é'.repeat(SECRET.length),
    ])
      expect(sameSecret(guess, expected), guess.slice(0, 40)).toBe(false);
  });

  it('compares digests only: given the secret itself, whatever its length, it refuses to compare', () => {
    for (const wrong of [Buffer.from(SECRET), Buffer.alloc(31), Buffer.alloc(64)])
      expect(() => sameSecret(SECRET, wrong)).toThrow('SHA-256');
  });
});
