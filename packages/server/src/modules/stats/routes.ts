import {
  balanceHistoryQuerySchema,
  balancePointSchema,
  cashFlowPointSchema,
  cashFlowQuerySchema,
  categorySpendingSchema,
  spendingsQuerySchema,
  successEnvelope,
  totalBalanceQuerySchema,
  totalBalanceSchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import type { StatsService } from './service.ts';

const tags = ['statistics'];

export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  app.get(
    '/stats/balance-history',
    {
      schema: {
        tags,
        summary: 'End-of-day balance of each account for every day of a range, also in the base currency',
        querystring: balanceHistoryQuerySchema,
        response: { 200: successEnvelope(z.array(balancePointSchema)) },
      },
    },
    async (request) => success(await stats.balanceHistory(request.userId, request.query)),
  );

  app.get(
    '/stats/total-balance',
    {
      schema: {
        tags,
        summary: 'Net worth in the base currency at the end of a day',
        querystring: totalBalanceQuerySchema,
        response: { 200: successEnvelope(totalBalanceSchema) },
      },
    },
    async (request) => success(await stats.totalBalance(request.userId, request.query)),
  );

  app.get(
    '/stats/spendings-by-categories',
    {
      schema: {
        tags,
        summary: 'Expenses by root category in the base currency; transfers and excluded categories left out',
        querystring: spendingsQuerySchema,
        response: { 200: successEnvelope(z.array(categorySpendingSchema)) },
      },
    },
    async (request) => success(await stats.spendingsByCategories(request.userId, request.query)),
  );

  app.get(
    '/stats/cash-flow',
    {
      schema: {
        tags,
        summary: 'Income, expenses and net per period in the base currency; transfers left out',
        querystring: cashFlowQuerySchema,
        response: { 200: successEnvelope(z.array(cashFlowPointSchema)) },
      },
    },
    async (request) => success(await stats.cashFlow(request.userId, request.query)),
  );
};
