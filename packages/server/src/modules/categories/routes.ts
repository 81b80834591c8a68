import { categorySchema, successEnvelope } from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { listCategories } from './service.ts';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: "The caller's categories, flat; clients build the tree from parentId",
        response: { 200: successEnvelope(z.array(categorySchema)) },
      },
    },
    async (request) => success(await listCategories(app.db, request.userId)),
  );
};
