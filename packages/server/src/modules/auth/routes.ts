import { endpoints, localeFromAcceptLanguage } from '@kopiyka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../http/auth.ts';
import { routes } from '../../http/endpoint-routes.ts';
import { clientKey } from '../../http/rate-limit-key.ts';
import type { AuthService } from './service.ts';

// The throttles count by the request limit's key: an IPv6 client by its /64, any spelling of an
// address as that address; `clientKey(request)` as written would give each a bucket of its own.
export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  routes(app, endpoints.auth, {
    // The sign-up's language comes as Accept-Language (the body holds only the credentials): the new user's
    // categories and settings start in it.
    register: async (request) => ({
      user: await auth.register(
        request.body,
        clientKey(request),
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
    login: (request) => auth.login(request.body, clientKey(request)),
    logout: (request) => auth.logout(bearerToken(request)!),
    logoutAll: (request) => auth.logoutEverywhere(request.userId),
    changePassword: (request) =>
      auth.changePassword(request.userId, request.authSession.id, request.body, clientKey(request)),
    deleteUser: (request) => auth.deleteAccount(request.userId, request.body.password, clientKey(request)),
  });
};
