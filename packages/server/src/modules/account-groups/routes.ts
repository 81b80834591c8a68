import {
  accountGroupSchema,
  createAccountGroupBodySchema,
  idParamsSchema,
  successEnvelope,
  updateAccountGroupBodySchema,
} from '@kopiyka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { createGroup, deleteGroup, listGroups, updateGroupById } from './service.ts';

const tags = ['account groups'];

export const accountGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account-groups',
    {
      schema: {
        tags,
        summary: "The caller's account groups with the ids of their accounts",
        response: { 200: successEnvelope(z.array(accountGroupSchema)) },
      },
    },
    async (request) => success(await listGroups(app.db, request.userId)),
  );

  app.post(
    '/account-groups',
    {
      schema: {
        tags,
        summary: 'Create a group, optionally inside another',
        body: createAccountGroupBodySchema,
        response: { 201: successEnvelope(accountGroupSchema) },
      },
    },
    async (request, reply) => reply.code(201).send(success(await createGroup(app.db, request.userId, request.body))),
  );

  app.put(
    '/account-groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename or move a group; CONFLICT when the move would make a cycle',
        params: idParamsSchema,
        body: updateAccountGroupBodySchema,
        response: { 200: successEnvelope(accountGroupSchema) },
      },
    },
    async (request) => success(await updateGroupById(app.db, request.userId, request.params.id, request.body)),
  );

  app.delete(
    '/account-groups/:id',
    {
      schema: { tags, summary: 'Delete a group; its accounts and subgroups move up one level', params: idParamsSchema },
    },
    async (request, reply) => {
      await deleteGroup(app.db, request.userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
