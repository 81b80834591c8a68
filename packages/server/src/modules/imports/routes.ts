import { endpoints } from '@kopiyka/shared';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { ImportsService } from './service.ts';

export async function importRoutes(app: FastifyInstance, { imports }: { imports: ImportsService }) {
  routes(app, endpoints.imports, {
    list: (request) => imports.list(request.userId),
    create: (request) =>
      imports.create(request.userId, request.query.accountId, request.query.fileName, request.body ?? Buffer.alloc(0)),
    get: (request) => imports.get(request.userId, request.params.importId),
    categories: (request) => imports.categoryNames(request.userId, request.params.importId, request.query.column),
    commit: (request) => imports.commit(request.userId, request.params.importId, request.body),
    undo: (request) => imports.undo(request.userId, request.params.importId),
  });
}
