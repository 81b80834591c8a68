import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const SESSION_ID_HEADER = 'x-session-id';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    sessionId: string;
  }
}

/**
 * API.md: a request without X-Session-ID gets a fresh one in the response; a well-formed one is
 * echoed back. Every log line of the request carries it.
 */
export function registerSessionId(app: FastifyInstance) {
  app.decorateRequest('sessionId', '');
  app.addHook('onRequest', async (request, reply) => {
    const sent = request.headers[SESSION_ID_HEADER];
    const sessionId = typeof sent === 'string' && SESSION_ID_PATTERN.test(sent) ? sent : randomUUID();
    request.sessionId = sessionId;
    request.log = request.log.child({ sessionId });
    reply.header(SESSION_ID_HEADER, sessionId);
  });
}
