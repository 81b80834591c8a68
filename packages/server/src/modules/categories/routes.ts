import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts';

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  routes(app, endpoints.categories, {
    list: (request) => listCategories(app.db, request.userId),
    create: (request) => createCategory(app.db, request.userId, request.body),
    update: (request) => updateCategory(app.db, request.userId, request.params.categoryId, request.body),
    delete: (request) => deleteCategory(app.db, request.userId, request.params.categoryId, request.query.moveTo),
  });
};
