/**
 * The local channel's messages: one JSON object a line over a Unix socket. Dates and bytes, which JSON has no form
 * for, travel tagged so rows arrive as the database driver returned them.
 */
import { StringDecoder } from 'node:string_decoder';

/** A request from a command to the service. `begin` opens a session (a transaction), `commit`/`rollback` end it. */
export type ChannelRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[] }
  | { id: number; op: 'script'; sql: string }
  | { id: number; op: 'copy'; sql: string; text: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback' };

/** The service's answer to request `id`. */
export type ChannelResponse = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

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

/** Splits a stream into lines and hands each parsed message to onMessage. */
export function lineReader<T>(onMessage: (message: T) => void): (chunk: Buffer) => void {
  let buffered = '';
  // A character split between two chunks is held back until its last byte arrives.
  const decoder = new StringDecoder('utf8');
  return (chunk) => {
    buffered += decoder.write(chunk);
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line) onMessage(JSON.parse(line, reviver) as T);
    }
  };
}
