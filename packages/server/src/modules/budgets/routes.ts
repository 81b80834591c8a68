import {
  budgetSchema,
  budgetStatsSchema,
  budgetTransactionsBodySchema,
  createBudgetBodySchema,
  idParamsSchema,
  successEnvelope,
  updateBudgetBodySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
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

const tags = ['budgets'];

export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/budgets',
    { schema: { tags, summary: "The caller's budgets", response: { 200: successEnvelope(z.array(budgetSchema)) } } },
    async (request) => success(await listBudgets(app.db, request.userId)),
  );

  app.post(
    '/budgets',
    {
      schema: {
        tags,
        summary: 'Create a budget',
        body: createBudgetBodySchema,
        response: { 201: successEnvelope(budgetSchema) },
      },
    },
    async (request, reply) => reply.code(201).send(success(await createBudget(app.db, request.userId, request.body))),
  );

  app.get(
    '/budgets/:id',
    {
      schema: { tags, summary: 'One budget', params: idParamsSchema, response: { 200: successEnvelope(budgetSchema) } },
    },
    async (request) => success(await getBudget(app.db, request.userId, request.params.id)),
  );

  app.put(
    '/budgets/:id',
    {
      schema: {
        tags,
        summary: 'Change a budget',
        params: idParamsSchema,
        body: updateBudgetBodySchema,
        response: { 200: successEnvelope(budgetSchema) },
      },
    },
    async (request) => success(await updateBudget(app.db, request.userId, request.params.id, request.body)),
  );

  app.delete(
    '/budgets/:id',
    { schema: { tags, summary: 'Delete a budget; its transactions stay', params: idParamsSchema } },
    async (request, reply) => {
      await deleteBudget(app.db, request.userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/budgets/:id/stats',
    {
      schema: {
        tags,
        summary: 'Spent, income, net and progress against the limit, in the base currency',
        params: idParamsSchema,
        response: { 200: successEnvelope(budgetStatsSchema) },
      },
    },
    async (request) => success(await budgetStats(app.db, request.userId, request.params.id)),
  );

  app.post(
    '/budgets/:id/transactions',
    {
      schema: {
        tags,
        summary: 'Add transactions to a budget (harmless for those already in)',
        params: idParamsSchema,
        body: budgetTransactionsBodySchema,
        response: { 200: successEnvelope(budgetStatsSchema) },
      },
    },
    async (request) =>
      success(await addToBudget(app.db, request.userId, request.params.id, request.body.transactionIds)),
  );

  app.delete(
    '/budgets/:id/transactions',
    {
      schema: {
        tags,
        summary: 'Remove transactions from a budget',
        params: idParamsSchema,
        body: budgetTransactionsBodySchema,
        response: { 200: successEnvelope(budgetStatsSchema) },
      },
    },
    async (request) =>
      success(await removeFromBudget(app.db, request.userId, request.params.id, request.body.transactionIds)),
  );
};
