/**
 * The local channel's messages: one JSON object a line over a Unix socket. Dates and bytes, which JSON has no form
 * for, travel tagged so rows arrive as the database driver returned them.
 */
import { StringDecoder } from 'node:string_decoder';

/**
 * A request from a command to the service. `begin` opens a session (a transaction), `commit`/`rollback` end it.
 * `timeoutMs` is the statement timeout of the request's statements (the service's default when absent).
 */
export type ChannelRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; timeoutMs?: number }
  | { id: number; op: 'script'; sql: string; timeoutMs?: number }
  | { id: number; op: 'copy'; sql: string; text: string; timeoutMs?: number }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; timeoutMs?: number };

/**
 * The service's answer to request `id`; or `{ alive: true }`, which it sends every ALIVE_EVERY_MS while a request is
 * in hand, so a command can tell a long statement from a service that has stopped answering.
 */
export type ChannelResponse = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } } | { alive: true };

/** How often the service says it is alive while it works on a request. */
export const ALIVE_EVERY_MS = 1000;
/** A command hears nothing from the service for this long while waiting for an answer: it gives up. */
export const SILENCE_LIMIT_MS = 8000;
/** The statement timeout of a command's statements unless it gives one (`--timeout`). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (raw instanceof Uint8Array) return { $bytes: Buffer.from(raw).toString('base64') };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.$date === 'string' && Object.keys(v).length === 1) return new Date(v.$date);
    if (typeof v.$bytes === 'string' && Object.keys(v).length === 1) return new Uint8Array(Buffer.from(v.$bytes, 'base64'));
  }
  return value;
}

/** One message as a line. */
export const encode = (message: ChannelRequest | ChannelResponse): string => `${JSON.stringify(message, replacer)}\n`;

/**
 * Splits a stream into lines and hands each parsed message to onMessage. Linear in what arrives: each chunk is
 * searched once, and the pieces of a line that spans many chunks are joined once it ends.
 */
export function lineReader<T>(onMessage: (message: T) => void): (chunk: Buffer) => void {
  let pieces: string[] = [];
  // A character split between two chunks is held back until its last byte arrives.
  const decoder = new StringDecoder('utf8');
  return (chunk) => {
    const text = decoder.write(chunk);
    let start = 0;
    let end: number;
    while ((end = text.indexOf('\n', start)) >= 0) {
      pieces.push(text.slice(start, end));
      const line = pieces.length === 1 ? pieces[0]! : pieces.join('');
      pieces = [];
      start = end + 1;
      if (line) onMessage(JSON.parse(line, reviver) as T);
    }
    if (start < text.length) pieces.push(text.slice(start));
  };
}
