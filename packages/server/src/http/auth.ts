import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AuthService, AuthSession } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; set on every route that is not marked public. */
    userId: number;
    /** The caller's session (its row in `sessions`, not the log's X-Session-ID), on the same routes. */
    authSession: AuthSession;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
  }
}

/**
 * The session token of `Authorization`: `Bearer <token>` as documented, or the bare token as login
 * answered it, which is how the original web client sends it back.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^(?:Bearer\s+)?(\S+)$/i);
  return match?.[1];
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Unauthorized. Please, login first.');

/**
 * Every route needs a valid token unless its config says `public: true`. Checked before the body
 * is read, but after the request limit (its hook is the route's `onRequest`, which runs after the
 * app's): a request without a valid token costs a session lookup, and must count like any other.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('userId', 0);
  app.decorateRequest('authSession', null as unknown as AuthSession);
  app.addHook('preParsing', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await auth.authenticate(token);
    if (!session) throw unauthenticated();
    request.userId = session.userId;
    request.authSession = session;
    request.log = request.log.child({ userId: session.userId });
  });
}
