import { endpoints } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../http/auth.ts';
import { routes } from '../../http/endpoints.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  routes(app, endpoints.auth, {
    register: async (request) => ({ user: await auth.register(request.body, request.ip) }),
    login: (request) => auth.login(request.body, request.ip),
    logout: (request) => auth.logout(bearerToken(request)!),
    logoutAll: (request) => auth.logoutEverywhere(request.userId),
    changePassword: (request) => auth.changePassword(request.userId, bearerToken(request)!, request.body, request.ip),
    deleteUser: (request) => auth.deleteAccount(request.userId, request.body.password, request.ip),
  });
};
