import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import {
  addToBudget,
  budgetStats,
  createBudget,
  deleteBudget,
  getBudget,
  listBudgets,
  removeFromBudget,
  updateBudget,
} from './service.ts';

export const budgetRoutes: FastifyPluginAsync = async (app) => {
  routes(app, endpoints.budgets, {
    list: (request) => listBudgets(app.db, request.userId),
    create: (request) => createBudget(app.db, request.userId, request.body),
    get: (request) => getBudget(app.db, request.userId, request.params.id),
    update: (request) => updateBudget(app.db, request.userId, request.params.id, request.body),
    delete: (request) => deleteBudget(app.db, request.userId, request.params.id),
    stats: (request) => budgetStats(app.db, request.userId, request.params.id),
    addTransactions: (request) => addToBudget(app.db, request.userId, request.params.id, request.body.transactionIds),
    removeTransactions: (request) =>
      removeFromBudget(app.db, request.userId, request.params.id, request.body.transactionIds),
  });
};
