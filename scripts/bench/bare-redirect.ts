/** The benchmark's baseline: a bare Fastify route answering the same 302 as /go/nordvpn, recording nothing. */
import Fastify from 'fastify';

const [port, location] = process.argv.slice(2);
const app = Fastify({ logger: false });
app.get('/go/:slug', (_request, reply) => {
  reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow').redirect(location!, 302);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
