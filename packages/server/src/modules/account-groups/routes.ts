import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { AccountGroupsService } from './service.ts';

export const accountGroupRoutes: FastifyPluginAsync<{ accountGroups: AccountGroupsService }> = async (
  app,
  { accountGroups },
) => {
  routes(app, endpoints.accountGroups, {
    list: (request) => accountGroups.list(request.userId),
    create: (request) => accountGroups.create(request.userId, request.body),
    update: (request) => accountGroups.update(request.userId, request.params.id, request.body),
    delete: (request) => accountGroups.remove(request.userId, request.params.id),
  });
};
