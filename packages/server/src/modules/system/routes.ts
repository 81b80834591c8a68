import { endpoints, type RegistrationMode } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';

export const systemRoutes: FastifyPluginAsync<{ registrations: RegistrationMode }> = async (app, { registrations }) => {
  routes(app, endpoints.system, {
    health: async () => {
      await app.db.execute('select 1');
      return { status: 'ok' as const, db: app.dbKind, registrations };
    },
  });

  // The document itself is no endpoint of the API: it stays out of the map and out of the document.
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
};
