import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { CurrencyChangesService } from '../base-change/index.ts';
import type { CurrenciesService } from './service.ts';

export const currencyRoutes: FastifyPluginAsync<{
  currencies: CurrenciesService;
  /** The changes that recompute figures: base currency, custom rates, the currency list (modules/base-change). */
  changes: CurrencyChangesService;
}> = async (app, { currencies, changes }) => {
  routes(app, endpoints.currencies, {
    list: () => currencies.list(),
    userList: (request) => currencies.listOwn(request.userId),
    add: (request) => changes.add(request.userId, request.body),
    remove: (request) => changes.remove(request.userId, request.body.currencyId),
    base: (request) => currencies.getBase(request.userId),
    setBase: (request) => changes.setBase(request.userId, request.body.currencyId),
    baseChange: (request) => changes.baseChange(request.userId),
    dismissBaseChange: (request) => changes.dismissBaseChange(request.userId),
    rates: (request) => currencies.listRates(request.userId, request.query.date),
    rateProviders: () => currencies.rateProviders(),
    setCustomRates: (request) => changes.setCustomRates(request.userId, request.body),
    deleteCustomRates: (request) => changes.deleteCustomRates(request.userId, request.body),
  });
};
