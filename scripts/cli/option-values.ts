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

/** A --timeout value in seconds (fractions allowed), as milliseconds. */
export function secondsValue(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
    throw new InvalidArgumentError('Use a number of seconds greater than 0, e.g. 30 or 2.5.');
  return Math.round(Number(value) * 1000);
}

/**
 * --timeout for a command that reads the embedded database through the running service: each statement stops after
 * this long, so one forgotten query cannot hold the service's own writes. PostgreSQL's own statement_timeout, set by
 * its administrator, applies there instead.
 */
export const TIMEOUT_HELP = 'stop a statement that runs longer than this many seconds, through the running service (default: 30)';
