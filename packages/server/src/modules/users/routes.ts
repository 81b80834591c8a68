import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import { getUser } from './service.ts';

export const userRoutes: FastifyPluginAsync = async (app) => {
  routes(app, endpoints.user, {
    get: (request) => getUser(app.db, request.userId),
  });
};
