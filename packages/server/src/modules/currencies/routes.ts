import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoints.ts';
import { type Clock, today } from '../../lib/clock.ts';
import type { RatesService } from '../rates/service.ts';
import type { BaseChangeService } from './base-change.ts';
import {
  addUserCurrencies,
  deleteCustomRates,
  getBaseCurrency,
  listCurrencies,
  listRates,
  listUserCurrencies,
  removeUserCurrency,
  setBaseCurrency,
  setCustomRates,
} from './service.ts';

export const currencyRoutes: FastifyPluginAsync<{
  rates: RatesService;
  baseChanges: BaseChangeService;
  clock: Clock;
}> = async (app, { rates, baseChanges, clock }) => {
  routes(app, endpoints.currencies, {
    list: () => listCurrencies(app.db),
    userList: (request) => listUserCurrencies(app.db, request.userId),
    add: (request) => addUserCurrencies(app.db, rates, baseChanges, request.userId, request.body),
    remove: (request) => removeUserCurrency(app.db, request.userId, request.body.currencyId),
    base: (request) => getBaseCurrency(app.db, request.userId),
    setBase: (request) => setBaseCurrency(app.db, baseChanges, request.userId, request.body.currencyId),
    baseChange: (request) => baseChanges.progress(request.userId),
    rates: (request) => listRates(app.db, rates, request.userId, request.query.date ?? today(clock)),
    setCustomRates: (request) => setCustomRates(app.db, rates, baseChanges, request.userId, request.body),
    deleteCustomRates: (request) => deleteCustomRates(app.db, rates, baseChanges, request.userId, request.body),
  });
};
