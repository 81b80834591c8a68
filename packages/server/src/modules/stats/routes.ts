import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { StatsService } from './service.ts';

export const statsRoutes: FastifyPluginAsync<{ stats: StatsService }> = async (app, { stats }) => {
  routes(app, endpoints.stats, {
    balanceHistory: (request) => stats.balanceHistory(request.userId, request.query),
    totalBalance: (request) => stats.totalBalance(request.userId, request.query),
    totalBalanceChange: (request) => stats.totalBalanceChange(request.userId, request.query),
    cryptoBalanceHistory: (request) => stats.cryptoBalanceHistory(request.userId, request.query),
    spendingsByCategories: (request) => stats.spendingsByCategories(request.userId, request.query),
    spendingsByTags: (request) => stats.spendingsByTags(request.userId, request.query),
    cashFlow: (request) => stats.cashFlow(request.userId, request.query),
  });
};
