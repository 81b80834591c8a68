import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import { changeSettings, getSettings } from './service.ts';

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  routes(app, endpoints.settings, {
    get: (request) => getSettings(app.db, request.userId),
    update: (request) => changeSettings(app.db, request.userId, request.body),
  });
};
