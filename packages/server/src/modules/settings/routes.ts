import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { SettingsService } from './service.ts';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  routes(app, endpoints.settings, {
    get: (request) => settings.get(request.userId),
    update: (request) => settings.update(request.userId, request.body),
  });
};
