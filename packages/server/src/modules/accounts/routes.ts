import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { AccountsService } from './service.ts';

export const accountRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (app, { accounts }) => {
  routes(app, endpoints.accounts, {
    list: (request) => accounts.list(request.userId),
    get: (request) => accounts.get(request.userId, request.params.id),
    create: (request) => accounts.create(request.userId, request.body),
    update: (request) => accounts.update(request.userId, request.params.id, request.body),
    delete: (request) => accounts.remove(request.userId, request.params.id),
  });
};
