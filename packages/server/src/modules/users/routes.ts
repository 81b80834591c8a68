import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { UsersService } from './service.ts';

export const userRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  routes(app, endpoints.user, {
    get: (request) => users.get(request.userId),
  });
};
