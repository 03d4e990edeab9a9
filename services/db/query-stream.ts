/**
 * One statement's rows in chunks: a query (SELECT, VALUES, TABLE, WITH) runs behind a cursor in a transaction and is
 * fetched CHUNK_ROWS at a time, so neither the database's thread, the service that owns it nor the command ever
 * holds the whole result. Any other statement (an UPDATE … RETURNING, DDL) runs as it is, in one answer.
 */
import { inTransaction } from './transaction.ts';
import type { Db } from './types.ts';

/** Rows a fetch asks for. */
export const CHUNK_ROWS = 1000;
const CURSOR = 'vpnsite_query_rows';

/** The statement without a trailing semicolon, and whether a cursor can be declared for it. */
function asQuery(sql: string): { statement: string; query: boolean } {
  const statement = sql.trim().replace(/;\s*$/, '');
  // Leading comments and parentheses say nothing of the statement's kind.
  const head = statement.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()*/, '');
  return { statement, query: /^(select|values|table|with)\b/i.test(head) };
}

/**
 * Runs `sql` and hands its rows to `onChunk` a chunk at a time, in order; `onChunk` returns false to stop early
 * (the rest is never fetched). Resolves once the last chunk was handled.
 */
export async function streamQuery(
  db: Db,
  sql: string,
  onChunk: (rows: Record<string, unknown>[]) => Promise<boolean>,
  chunkRows = CHUNK_ROWS,
): Promise<void> {
  const { statement, query } = asQuery(sql);
  if (!query) {
    const { rows } = await db.query(sql);
    if (rows.length) await onChunk(rows);
    return;
  }
  await inTransaction(db, async (conn) => {
    await conn.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${statement}`);
    for (;;) {
      const { rows } = await conn.query(`FETCH ${chunkRows} FROM ${CURSOR}`);
      if (rows.length && !(await onChunk(rows))) break;
      if (rows.length < chunkRows) break;
    }
    await conn.query(`CLOSE ${CURSOR}`);
  });
}
