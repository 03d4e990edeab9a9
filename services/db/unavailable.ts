/** Telling "the database cannot be reached" (retry later: 503) apart from "the database refused this" (a bug or bad data). */

/** A query that got no answer in time: a server that hangs behaves like one that is down. */
export class QueryTimeout extends Error {
  readonly code = 'QUERY_TIMEOUT';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

// Socket errors from Node, and SQLSTATEs: class 08 (connection exception), 57P01–57P03 (the server is shutting down
// or starting), 53300 (too many connections). https://www.postgresql.org/docs/current/errcodes-appendix.html
const CODES = /^(E[A-Z]+|08...|57P0[123]|53300|QUERY_TIMEOUT)$/;
// node-postgres reports a lost or refused connection by message only.
const MESSAGES = /Connection terminated|timeout expired|Query read timeout|connection error|database channel|Connection refused/i;

/** True when err means the database could not be reached or did not answer, rather than that it refused the work. */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && CODES.test(e.code)) return true;
  return typeof e.message === 'string' && MESSAGES.test(e.message);
}
