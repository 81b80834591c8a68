import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { TransactionsService } from './service.ts';

export const transactionRoutes: FastifyPluginAsync<{ transactions: TransactionsService }> = async (
  app,
  { transactions },
) => {
  // The map lists /transactions/export, /link, /unlink and /bulk before /transactions/:txId, so these static paths win.
  routes(app, endpoints.transactions, {
    list: (request) => transactions.list(request.userId, request.query),
    export: (request) => transactions.exportCsv(request.userId, request.query),
    link: (request) => transactions.link(request.userId, request.body),
    unlink: (request) => transactions.unlink(request.userId, request.body),
    bulk: (request) => transactions.bulk(request.userId, request.body),
    transfer: (request) => transactions.getTransfer(request.userId, request.params.id),
    get: (request) => transactions.get(request.userId, request.params.txId),
    refunds: (request) => transactions.refunds(request.userId, request.params.txId),
    create: (request) => transactions.create(request.userId, request.body),
    update: (request) => transactions.update(request.userId, request.params.txId, request.body),
    delete: (request) => transactions.remove(request.userId, request.params.txId),
  });
};
