import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { CategoriesService } from './service.ts';

export const categoryRoutes: FastifyPluginAsync<{ categories: CategoriesService }> = async (app, { categories }) => {
  routes(app, endpoints.categories, {
    list: (request) => categories.list(request.userId),
    create: (request) => categories.create(request.userId, request.body),
    update: (request) => categories.update(request.userId, request.params.categoryId, request.body),
    delete: (request) => categories.remove(request.userId, request.params.categoryId, request.query.moveTo),
  });
};
