import {
  addUserCurrenciesBodySchema,
  baseCurrencyChangeSchema,
  currencySchema,
  deleteCustomRatesBodySchema,
  deleteUserCurrencyBodySchema,
  rateSchema,
  ratesQuerySchema,
  setBaseCurrencyBodySchema,
  setCustomRatesBodySchema,
  successEnvelope,
  userCurrencySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
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

const tags = ['currencies'];

export const currencyRoutes: FastifyPluginAsyncZod<{
  rates: RatesService;
  baseChanges: BaseChangeService;
  clock: Clock;
}> = async (app, { rates, baseChanges, clock }) => {
  app.get(
    '/models/currencies',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'ISO 4217 currencies',
        security: [],
        response: { 200: successEnvelope(z.array(currencySchema)) },
      },
    },
    async () => success(await listCurrencies(app.db)),
  );

  app.get(
    '/user/currencies',
    {
      schema: {
        tags,
        summary: "The caller's currencies",
        response: { 200: successEnvelope(z.array(userCurrencySchema)) },
      },
    },
    async (request) => success(await listUserCurrencies(app.db, request.userId)),
  );

  app.post(
    '/user/currencies',
    {
      schema: {
        tags,
        summary: 'Add currencies (adding one that is there already is harmless); answers all of them',
        body: addUserCurrenciesBodySchema,
        response: { 200: successEnvelope(z.array(userCurrencySchema)) },
      },
    },
    async (request) => success(await addUserCurrencies(app.db, rates, baseChanges, request.userId, request.body)),
  );

  app.delete(
    '/user/currency',
    {
      schema: {
        tags,
        summary: 'Remove a currency; CONFLICT for the base currency, one in use, or the target of a base change',
        body: deleteUserCurrencyBodySchema,
      },
    },
    async (request, reply) => {
      await removeUserCurrency(app.db, request.userId, request.body.currencyId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/currencies/base',
    {
      schema: {
        tags,
        summary: "The caller's base currency; 404 before one is chosen",
        response: { 200: successEnvelope(userCurrencySchema) },
      },
    },
    async (request) => success(await getBaseCurrency(app.db, request.userId)),
  );

  app.post(
    '/user/currencies/base',
    {
      schema: {
        tags,
        summary: 'Choose the base currency (adds it to the user currencies)',
        body: setBaseCurrencyBodySchema,
        response: { 200: successEnvelope(userCurrencySchema) },
      },
    },
    async (request) => success(await setBaseCurrency(app.db, baseChanges, request.userId, request.body.currencyId)),
  );

  app.get(
    '/user/currencies/base/change',
    {
      schema: {
        tags,
        summary: 'Progress of recomputing base-currency figures after a base change or a custom-rate change',
        response: { 200: successEnvelope(baseCurrencyChangeSchema) },
      },
    },
    async (request) => success(await baseChanges.progress(request.userId)),
  );

  app.get(
    '/user/currencies/rates',
    {
      schema: {
        tags,
        summary: 'Each non-base currency against the base on a day (default today)',
        querystring: ratesQuerySchema,
        response: { 200: successEnvelope(z.array(rateSchema)) },
      },
    },
    async (request) => success(await listRates(app.db, rates, request.userId, request.query.date ?? today(clock))),
  );

  app.put(
    '/user/currency/rates',
    {
      schema: {
        tags,
        summary:
          'Set custom rates (the reverse of each pair kept consistent); affected figures are recomputed in the background',
        body: setCustomRatesBodySchema,
        response: { 200: successEnvelope(z.array(rateSchema)) },
      },
    },
    async (request) => success(await setCustomRates(app.db, rates, baseChanges, request.userId, request.body)),
  );

  app.delete(
    '/user/currency/rates',
    {
      schema: {
        tags,
        summary:
          'Remove custom rates (both directions): back to live rates; affected figures are recomputed in the background',
        body: deleteCustomRatesBodySchema,
      },
    },
    async (request, reply) => {
      await deleteCustomRates(app.db, rates, baseChanges, request.userId, request.body);
      return reply.code(204).send();
    },
  );
};
