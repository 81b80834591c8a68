import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import type { CurrenciesService } from './service.ts';

export const currencyRoutes: FastifyPluginAsync<{ currencies: CurrenciesService }> = async (app, { currencies }) => {
  routes(app, endpoints.currencies, {
    list: () => currencies.list(),
    userList: (request) => currencies.listOwn(request.userId),
    add: (request) => currencies.add(request.userId, request.body),
    remove: (request) => currencies.remove(request.userId, request.body.currencyId),
    base: (request) => currencies.getBase(request.userId),
    setBase: (request) => currencies.setBase(request.userId, request.body.currencyId),
    baseChange: (request) => currencies.baseChange(request.userId),
    dismissBaseChange: (request) => currencies.dismissBaseChange(request.userId),
    rates: (request) => currencies.listRates(request.userId, request.query.date),
    rateProviders: () => currencies.rateProviders(),
    setCustomRates: (request) => currencies.setCustomRates(request.userId, request.body),
    deleteCustomRates: (request) => currencies.deleteCustomRates(request.userId, request.body),
  });
};
