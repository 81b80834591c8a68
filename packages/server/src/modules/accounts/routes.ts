import {
  accountSchema,
  createAccountBodySchema,
  idParamsSchema,
  successEnvelope,
  updateAccountBodySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RatesService } from '../rates/service.ts';
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from './service.ts';

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod<{ rates: RatesService; clock: Clock }> = async (
  app,
  { rates, clock },
) => {
  app.get(
    '/accounts',
    { schema: { tags, summary: "The caller's accounts", response: { 200: successEnvelope(z.array(accountSchema)) } } },
    async (request) => success(await listAccounts(app.db, clock, rates, request.userId)),
  );

  app.get(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'One account',
        params: idParamsSchema,
        response: { 200: successEnvelope(accountSchema) },
      },
    },
    async (request) => success(await getAccount(app.db, clock, rates, request.userId, request.params.id)),
  );

  app.post(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Create a manual account; its currency joins the user currencies',
        body: createAccountBodySchema,
        response: { 201: successEnvelope(accountSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(await createAccount(app.db, clock, rates, request.userId, request.body))),
  );

  app.put(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Change an account; a new current balance moves the initial balance by the difference',
        params: idParamsSchema,
        body: updateAccountBodySchema,
        response: { 200: successEnvelope(accountSchema) },
      },
    },
    async (request) =>
      success(await updateAccount(app.db, clock, rates, request.userId, request.params.id, request.body)),
  );

  app.delete(
    '/accounts/:id',
    { schema: { tags, summary: 'Delete an account and its transactions', params: idParamsSchema } },
    async (request, reply) => {
      await deleteAccount(app.db, request.userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
