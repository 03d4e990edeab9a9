/**
 * A reference for the redirect benchmark: the least a service can do that stores a row per click in PostgreSQL.
 * The bare route's 302, each click pushed onto an array, and one multi-row INSERT every 50 ms or 500 clicks into
 * a table with a primary key and nothing else: no classifier, visitor hash, ids for sub-IDs, limiter, CHECKs,
 * indexes or trigger. What it reaches of bare is what storing clicks on the same machine leaves to any design.
 * Args: port, Location, database URL, table name (created here; the benchmark drops it).
 */
import Fastify from 'fastify';
import pg from 'pg';

const [port, location, databaseUrl, table] = process.argv.slice(2);
if (!table || !/^[a-z_]+$/.test(table)) throw new Error('usage: batching-prototype.ts <port> <location> <database-url> <table>');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (
  id bigserial PRIMARY KEY, clicked_at timestamptz NOT NULL, provider text NOT NULL, from_path text, placement text,
  user_agent text, referrer text)`);
const INSERT = `INSERT INTO ${table} (clicked_at, provider, from_path, placement, user_agent, referrer)
  SELECT * FROM json_to_recordset($1::json) AS r(at timestamptz, provider text, "from" text, placement text, ua text, referrer text)`;

interface Row {
  at: string;
  provider: string;
  from: unknown;
  placement: unknown;
  ua: string | undefined;
  referrer: string | undefined;
}
let batch: Row[] = [];
let timer: NodeJS.Timeout | undefined;
let pending = Promise.resolve();
function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const rows = batch;
  batch = [];
  if (rows.length) pending = pending.then(() => pool.query(INSERT, [JSON.stringify(rows)])).then(() => undefined);
}

const app = Fastify({ logger: false });
app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>('/go/:slug', (request, reply) => {
  reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow').redirect(location!, 302);
  const { from, placement } = request.query;
  batch.push({
    at: new Date().toISOString(),
    provider: request.params.slug,
    from,
    placement,
    ua: request.headers['user-agent'],
    referrer: request.headers.referer,
  });
  if (batch.length >= 500) flush();
  else timer ??= setTimeout(flush, 50);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => {
      flush();
      return pending;
    })
    .then(() => pool.end())
    .then(() => process.exit(0));
});
