import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

export const SESSION_ID_HEADER = 'x-session-id';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    sessionId: string;
  }
}

const sessionIds = new WeakMap<IncomingMessage, string>();

/**
 * A request without X-Session-ID gets a fresh one; a well-formed one is echoed back.
 * Decided once per raw request, because the logger needs it before any hook runs.
 */
function sessionIdOf(raw: IncomingMessage): string {
  let sessionId = sessionIds.get(raw);
  if (!sessionId) {
    const sent = raw.headers[SESSION_ID_HEADER];
    sessionId = typeof sent === 'string' && SESSION_ID_PATTERN.test(sent) ? sent : randomUUID();
    sessionIds.set(raw, sessionId);
  }
  return sessionId;
}

/** Every log line of a request, from "incoming request" on, carries its session id. */
export const childLoggerWithSessionId: FastifyServerOptions['childLoggerFactory'] = (logger, bindings, options, raw) =>
  logger.child({ ...bindings, sessionId: sessionIdOf(raw as IncomingMessage) }, options);

/** Gives the request its session id and the reply the header; hooks do it, and so does an answer given before them. */
export function attachSessionId(request: FastifyRequest, reply: FastifyReply) {
  request.sessionId = sessionIdOf(request.raw);
  reply.header(SESSION_ID_HEADER, request.sessionId);
}

export function registerSessionId(app: FastifyInstance) {
  app.decorateRequest('sessionId', '');
  app.addHook('onRequest', async (request, reply) => attachSessionId(request, reply));
}
