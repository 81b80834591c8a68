import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { RecurringService } from './service.ts';

export const recurringRoutes: FastifyPluginAsync<{ recurring: RecurringService }> = async (app, { recurring }) => {
  routes(app, endpoints.recurring, {
    list: (request) => recurring.list(request.userId),
    create: (request) => recurring.create(request.userId, request.body),
    upcoming: (request) => recurring.upcoming(request.userId, request.query),
    suggestions: (request) => recurring.suggestions(request.userId),
    dismissSuggestion: (request) => recurring.dismissSuggestion(request.userId, request.body),
    get: (request) => recurring.get(request.userId, request.params.id),
    update: (request) => recurring.update(request.userId, request.params.id, request.body),
    delete: (request) => recurring.remove(request.userId, request.params.id),
    confirm: (request) => recurring.confirm(request.userId, request.params.id, request.params.date, request.body ?? {}),
    skip: (request) => recurring.skip(request.userId, request.params.id, request.params.date),
  });
};
