import { successEnvelope, userSchema } from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success } from '../../http/envelope.ts';
import { getUser } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    { schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: successEnvelope(userSchema) } } },
    async (request) => success(await getUser(app.db, request.userId)),
  );
};
