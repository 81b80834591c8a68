import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { RulesService } from './service.ts';

export const ruleRoutes: FastifyPluginAsync<{ rules: RulesService }> = async (app, { rules }) => {
  routes(app, endpoints.rules, {
    list: (request) => rules.list(request.userId),
    create: (request) => rules.create(request.userId, request.body),
    preview: (request) => rules.preview(request.userId, request.body),
    order: (request) => rules.order(request.userId, request.body.ids),
    update: (request) => rules.update(request.userId, request.params.id, request.body),
    delete: (request) => rules.remove(request.userId, request.params.id),
    apply: (request) => rules.apply(request.userId, request.params.id, request.body),
  });
};
