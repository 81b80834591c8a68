import { endpoints } from '@kopiyka/shared';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { BinanceService } from './service.ts';

export async function binanceRoutes(app: FastifyInstance, { binance }: { binance: BinanceService }) {
  routes(app, endpoints.binance, {
    account: (request) => binance.account(request.userId),
    putKeys: (request) => binance.putKeys(request.userId, request.body),
    deleteKeys: (request) => binance.deleteKeys(request.userId),
  });
}
