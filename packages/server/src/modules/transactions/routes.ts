import {
  createTransactionBodySchema,
  idParamsSchema,
  linkTransactionsBodySchema,
  successEnvelope,
  transactionIdParamsSchema,
  transactionSchema,
  transactionsQuerySchema,
  unlinkTransactionsBodySchema,
  updateTransactionBodySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import type { TransactionsService } from './service.ts';

const tags = ['transactions'];
const list = successEnvelope(z.array(transactionSchema));

export const transactionRoutes: FastifyPluginAsyncZod<{ transactions: TransactionsService }> = async (
  app,
  { transactions },
) => {
  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'Transactions, newest first, filtered; page with from/limit or with a cursor',
        querystring: transactionsQuerySchema,
        response: { 200: list },
      },
    },
    async (request) => success(await transactions.list(request.userId, request.query)),
  );

  // Registered before /transactions/:id so these static paths win.
  app.put(
    '/transactions/link',
    {
      schema: {
        tags,
        summary: 'Pair existing opposite transactions on different accounts into transfers',
        body: linkTransactionsBodySchema,
        response: { 200: successEnvelope(z.array(z.array(transactionSchema))) },
      },
    },
    async (request) => success(await transactions.link(request.userId, request.body)),
  );

  app.put(
    '/transactions/unlink',
    {
      schema: {
        tags,
        summary: 'Make the legs of transfers ordinary transactions again',
        body: unlinkTransactionsBodySchema,
        response: { 200: list },
      },
    },
    async (request) => success(await transactions.unlink(request.userId, request.body)),
  );

  app.get(
    '/transactions/transfer/:id',
    { schema: { tags, summary: 'Both legs of a transfer', params: idParamsSchema, response: { 200: list } } },
    async (request) => success(await transactions.getTransfer(request.userId, request.params.id)),
  );

  app.get(
    '/transactions/:txId',
    {
      schema: {
        tags,
        summary: 'One transaction',
        params: transactionIdParamsSchema,
        response: { 200: successEnvelope(transactionSchema) },
      },
    },
    async (request) => success(await transactions.get(request.userId, request.params.txId)),
  );

  app.post(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'Record a transaction or a transfer; answers [base, opposite?]',
        body: createTransactionBodySchema,
        response: { 201: list },
      },
    },
    async (request, reply) => reply.code(201).send(success(await transactions.create(request.userId, request.body))),
  );

  app.put(
    '/transactions/:txId',
    {
      schema: {
        tags,
        summary: 'Change a transaction, including turning it into a transfer or back',
        params: transactionIdParamsSchema,
        body: updateTransactionBodySchema,
        response: { 200: list },
      },
    },
    async (request) => success(await transactions.update(request.userId, request.params.txId, request.body)),
  );

  app.delete(
    '/transactions/:txId',
    {
      schema: {
        tags,
        summary: 'Delete a transaction (both manual legs of a transfer)',
        params: transactionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await transactions.remove(request.userId, request.params.txId);
      return reply.code(204).send();
    },
  );
};
