/**
 * Parsers for flag values that commander checks as it reads them: a bad value is then a usage error like any other
 * (one line naming the flag and the value, a hint, exit 2), found before any work starts.
 */
import { InvalidArgumentError } from 'commander';

/** A --port value: a whole number from 0 (any free port) to 65535. */
export function portValue(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('Use a whole number from 0 to 65535.');
  return Number(value);
}

/** A --site-url value: an origin, with no path. */
export function originValue(value: string): string {
  if (!/^https?:\/\/[^/]+\/?$/.test(value)) throw new InvalidArgumentError('Use an origin such as https://www.example.com.');
  return value;
}
