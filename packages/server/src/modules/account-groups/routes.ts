import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import { createGroup, deleteGroup, listGroups, updateGroupById } from './service.ts';

export const accountGroupRoutes: FastifyPluginAsync = async (app) => {
  routes(app, endpoints.accountGroups, {
    list: (request) => listGroups(app.db, request.userId),
    create: (request) => createGroup(app.db, request.userId, request.body),
    update: (request) => updateGroupById(app.db, request.userId, request.params.id, request.body),
    delete: (request) => deleteGroup(app.db, request.userId, request.params.id),
  });
};
