import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RatesService } from '../rates/service.ts';
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from './service.ts';

export const accountRoutes: FastifyPluginAsync<{ rates: RatesService; clock: Clock }> = async (
  app,
  { rates, clock },
) => {
  routes(app, endpoints.accounts, {
    list: (request) => listAccounts(app.db, clock, rates, request.userId),
    get: (request) => getAccount(app.db, clock, rates, request.userId, request.params.id),
    create: (request) => createAccount(app.db, clock, rates, request.userId, request.body),
    update: (request) => updateAccount(app.db, clock, rates, request.userId, request.params.id, request.body),
    delete: (request) => deleteAccount(app.db, request.userId, request.params.id),
  });
};
