import type { FastifyInstance } from 'fastify';

/**
 * The API's answers are a person's data: no cache keeps them, the browser's own included, so
 * nothing of theirs is left on the device by the browser after sign-out (docs/decisions.md
 * "Installable and offline"). Set as the request arrives, so refusals and replayed answers carry
 * it too, and a route with a policy of its own (the event stream) sets that over it.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
