import type { FastifyInstance } from 'fastify';

/** API.md: query parameters with empty values are ignored, as if they were not sent. */
export function registerEmptyQueryDropping(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (value === '') delete query[key];
    }
  });
}
