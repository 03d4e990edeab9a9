/** A console.error during a test fails it: an error logged where none was expected is a fault, even when the page looks right. */
import { afterEach, beforeEach } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (errors.length > 0)
    throw new Error(`console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});
