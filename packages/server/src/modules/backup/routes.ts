import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { BackupService } from './service.ts';

export const backupRoutes: FastifyPluginAsync<{ backup: BackupService }> = async (app, { backup }) => {
  routes(app, endpoints.backup, {
    get: (request) => backup.backup(request.userId),
    restore: (request) => backup.restore(request.userId, request.body),
  });
};
