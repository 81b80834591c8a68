import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { BudgetsService } from './service.ts';

export const budgetRoutes: FastifyPluginAsync<{ budgets: BudgetsService }> = async (app, { budgets }) => {
  routes(app, endpoints.budgets, {
    list: (request) => budgets.list(request.userId),
    create: (request) => budgets.create(request.userId, request.body),
    get: (request) => budgets.get(request.userId, request.params.id),
    update: (request) => budgets.update(request.userId, request.params.id, request.body),
    delete: (request) => budgets.remove(request.userId, request.params.id),
    stats: (request) => budgets.stats(request.userId, request.params.id, request.query),
    addTransactions: (request) =>
      budgets.addTransactions(request.userId, request.params.id, request.body.transactionIds),
    removeTransactions: (request) =>
      budgets.removeTransactions(request.userId, request.params.id, request.body.transactionIds),
  });
};
