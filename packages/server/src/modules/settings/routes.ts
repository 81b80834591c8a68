import { successEnvelope, updateUserSettingsBodySchema, userSettingsSchema } from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success } from '../../http/envelope.ts';
import { changeSettings, getSettings } from './service.ts';

const tags = ['user'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/settings',
    { schema: { tags, summary: "The caller's settings", response: { 200: successEnvelope(userSettingsSchema) } } },
    async (request) => success(await getSettings(app.db, request.userId)),
  );

  app.put(
    '/user/settings',
    {
      schema: {
        tags,
        summary: 'Change settings (any subset)',
        body: updateUserSettingsBodySchema,
        response: { 200: successEnvelope(userSettingsSchema) },
      },
    },
    async (request) => success(await changeSettings(app.db, request.userId, request.body)),
  );
};
