/**
 * The local channel's line reader takes time linear in what arrives: a line spanning many chunks (a large answer) is
 * searched once, not again from its start on every chunk.
 */
import { describe, expect, it } from 'vitest';
import { encode, lineReader } from '../../services/db/channel-codec.ts';

describe('the channel line reader', () => {
  it('reads a 32 MB line sent in 16 KB chunks in about the time of one pass, and every line around it', () => {
    const rows = Array.from({ length: 420_000 }, (_, i) => ({ n: i, h: 'x'.repeat(64) }));
    const big = Buffer.from(encode({ id: 1, rows }) + encode({ id: 2, rows: [] }));
    expect(big.length).toBeGreaterThan(32 * 1024 * 1024);
    const got: { id: number; rows: unknown[] }[] = [];
    const read = lineReader<{ id: number; rows: unknown[] }>((m) => got.push(m));
    const started = performance.now();
    for (let at = 0; at < big.length; at += 16 * 1024) read(big.subarray(at, at + 16 * 1024));
    const ms = performance.now() - started;
    expect(got.map((m) => [m.id, m.rows.length])).toEqual([
      [1, 420_000],
      [2, 0],
    ]);
    // One pass and one parse take a second or two; searching the line from its start on every chunk took four minutes.
    expect(ms).toBeLessThan(60_000);
  }, 300_000);
});
