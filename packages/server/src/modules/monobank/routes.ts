import { endpoints } from '@kopiyka/shared';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { MonobankService } from './service.ts';

export async function monobankRoutes(app: FastifyInstance, { monobank }: { monobank: MonobankService }) {
  routes(app, endpoints.monobank, {
    user: (request) => monobank.user(request.userId),
    replaceToken: (request) => monobank.replaceToken(request.userId, request.body),
    disconnect: (request) => monobank.disconnect(request.userId),
    pair: (request) => monobank.pair(request.userId, request.body.token),
    refreshAccounts: (request) => monobank.refreshAccounts(request.userId),
    loadTransactions: (request) => monobank.loadTransactions(request.userId, request.query),
    jobs: (request) => monobank.jobs(request.userId, request.query.active ?? false),
    job: (request) => monobank.job(request.userId, request.params.jobId),
    updateWebhook: (request) => monobank.updateWebhook(request.userId, request.body),
    async verifyWebhook(request) {
      await monobank.verifyWebhook(request.params.secret);
      return { ok: true as const };
    },
    async receiveWebhook(request) {
      await monobank.receiveWebhook(request.params.secret, request.body);
      return { ok: true as const };
    },
    merchantRules: (request) => monobank.merchantRules(request.userId),
    saveMerchantRule: (request) => monobank.saveMerchantRule(request.userId, request.body),
    deleteMerchantRule: (request) => monobank.deleteMerchantRule(request.userId, request.params.id),
  });
}
