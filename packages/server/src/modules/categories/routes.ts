import {
  categoryParamsSchema,
  categorySchema,
  createCategoryBodySchema,
  deleteCategoryQuerySchema,
  successEnvelope,
  updateCategoryBodySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts';

const tags = ['categories'];

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: "The caller's categories, flat; clients build the tree from parentId",
        response: { 200: successEnvelope(z.array(categorySchema)) },
      },
    },
    async (request) => success(await listCategories(app.db, request.userId)),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category; the colour is inherited from the parent when omitted',
        body: createCategoryBodySchema,
        response: { 201: successEnvelope(categorySchema) },
      },
    },
    async (request, reply) => reply.code(201).send(success(await createCategory(app.db, request.userId, request.body))),
  );

  app.put(
    '/categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Rename, recolour or move a category',
        params: categoryParamsSchema,
        body: updateCategoryBodySchema,
        response: { 200: successEnvelope(categorySchema) },
      },
    },
    async (request) => success(await updateCategory(app.db, request.userId, request.params.categoryId, request.body)),
  );

  app.delete(
    '/categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Delete a category; CONFLICT when in use unless moveTo says where its contents go',
        params: categoryParamsSchema,
        querystring: deleteCategoryQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.userId, request.params.categoryId, request.query.moveTo);
      return reply.code(204).send();
    },
  );
};
