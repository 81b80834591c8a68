import { healthSchema, successEnvelope } from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success } from '../../http/envelope.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database kind',
        security: [],
        response: { 200: successEnvelope(healthSchema) },
      },
    },
    async () => {
      await app.db.execute('select 1');
      return success({ status: 'ok' as const, db: app.dbKind });
    },
  );

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
};
