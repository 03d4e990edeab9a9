/**
 * Request logging. Every request gets Fastify's two lines at `info` (incoming, completed), except a redirect through
 * `/go/`: it gets one line, at `debug`, once it is answered. The clicks table records every redirect already, and two
 * JSON lines a redirect cost about a fifth of its throughput at the default level; with LOG_LEVEL=debug the line is
 * there for whoever looks into one.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const isRedirect = (request: FastifyRequest) => request.url.startsWith('/go/');

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!isRedirect(request)) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!isRedirect(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (error) return void reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'redirect errored');
    // Asked first, so that below debug (the default) a redirect builds no fields for a line that is not written.
    if (reply.log.level === 'debug' || reply.log.level === 'trace')
      reply.log.debug({ req: request, res: reply, location: reply.getHeader('location'), responseTime: reply.elapsedTime }, 'redirect');
  }
}
