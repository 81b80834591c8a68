import { endpoints, localeFromAcceptLanguage } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../http/auth.ts';
import { routes } from '../../http/endpoint-routes.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  routes(app, endpoints.auth, {
    // The sign-up's language comes as Accept-Language (the body holds only the credentials): the new user's
    // categories and settings start in it.
    register: async (request) => ({
      user: await auth.register(request.body, request.ip, localeFromAcceptLanguage(request.headers['accept-language'])),
    }),
    login: (request) => auth.login(request.body, request.ip),
    logout: (request) => auth.logout(bearerToken(request)!),
    logoutAll: (request) => auth.logoutEverywhere(request.userId),
    changePassword: (request) => auth.changePassword(request.userId, bearerToken(request)!, request.body, request.ip),
    deleteUser: (request) => auth.deleteAccount(request.userId, request.body.password, request.ip),
  });
};
