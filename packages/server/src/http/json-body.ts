import type { FastifyInstance } from 'fastify';

/**
 * An empty body is no body, whatever its Content-Type says: the original web client sends
 * `Content-Type: application/json` on every call, DELETE without a payload included. Anything
 * else is read by Fastify's own JSON parser, its prototype-poisoning checks included.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
