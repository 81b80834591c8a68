import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The request as a log line shows it; a secret in the path (the webhook's) is not shown. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/(\/banks\/monobank\/webhook\/)[^/?#]+/, '$1…'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One line per answered request, at `debug`, instead of Fastify's two at `info`. At the default
 * level the log tells what happened to the server (starts, syncs, failures): an open page polls
 * and streams, and request lines at `info` buried that (the demo printed four thousand of them in
 * 25 minutes). A failed request is still an error line, with its request.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
