import {
  changePasswordBodySchema,
  deleteUserBodySchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  successEnvelope,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../http/auth.ts';
import { success } from '../../http/envelope.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create a user with the default categories',
        security: [],
        body: registerBodySchema,
        response: { 201: successEnvelope(registerResponseSchema) },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      return reply.code(201).send(success({ user }));
    },
  );

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange username and password for a bearer token',
        security: [],
        body: loginBodySchema,
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) => success(await auth.login(request.body, request.ip)),
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: "Revoke the caller's token" } },
    async (request, reply) => {
      await auth.logout(bearerToken(request)!);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/logout-all',
    { schema: { tags: ['auth'], summary: "Revoke every session of the caller's, this one included" } },
    async (request, reply) => {
      await auth.logoutEverywhere(request.userId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/user/password',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the password (the current one is required); other sessions are signed out',
        body: changePasswordBodySchema,
      },
    },
    async (request, reply) => {
      await auth.changePassword(request.userId, bearerToken(request)!, request.body, request.ip);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the user and all their data (the password is required)',
        body: deleteUserBodySchema,
      },
    },
    async (request, reply) => {
      await auth.deleteAccount(request.userId, request.body.password, request.ip);
      return reply.code(204).send();
    },
  );
};
