import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { TagsService } from './service.ts';

export const tagRoutes: FastifyPluginAsync<{ tags: TagsService }> = async (app, { tags }) => {
  routes(app, endpoints.tags, {
    list: (request) => tags.list(request.userId),
    create: (request) => tags.create(request.userId, request.body),
    update: (request) => tags.update(request.userId, request.params.id, request.body),
    delete: (request) => tags.remove(request.userId, request.params.id),
  });
};
