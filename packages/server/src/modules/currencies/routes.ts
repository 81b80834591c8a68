import { currencySchema, setBaseCurrencyBodySchema, successEnvelope, userCurrencySchema } from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { getBaseCurrency, listCurrencies, listUserCurrencies, setBaseCurrency } from './service.ts';

export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models/currencies',
    {
      config: { public: true },
      schema: {
        tags: ['currencies'],
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
        tags: ['currencies'],
        summary: "The caller's currencies",
        response: { 200: successEnvelope(z.array(userCurrencySchema)) },
      },
    },
    async (request) => success(await listUserCurrencies(app.db, request.userId)),
  );

  app.get(
    '/user/currencies/base',
    {
      schema: {
        tags: ['currencies'],
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
        tags: ['currencies'],
        summary: 'Choose the base currency (adds it to the user currencies)',
        body: setBaseCurrencyBodySchema,
        response: { 200: successEnvelope(userCurrencySchema) },
      },
    },
    async (request) => success(await setBaseCurrency(app.db, request.userId, request.body.currencyId)),
  );
};
