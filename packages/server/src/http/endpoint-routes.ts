import { Readable } from 'node:stream';
import {
  type Endpoint,
  type EndpointGroup,
  type EndpointResponse,
  errorEnvelopeSchema,
  successEnvelope,
  successStatus,
  takesIdempotencyKey,
  type ValidBody,
  type ValidParams,
  type ValidQuery,
} from '@kopiyka/shared';
import {
  errorCodes,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../lib/errors.ts';
import { success } from './envelope.ts';
import { idempotencyHeaders } from './idempotency.ts';

type Part<T> = [T] extends [never] ? unknown : T;

/**
 * A request to `E`, its parts as validated by E's schemas; a file body as its bytes (none when
 * empty); a streamed body as its bytes as they arrive, for the handler to read and check.
 */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Part<ValidParams<E>>;
  Querystring: Part<ValidQuery<E>>;
  Body: E extends { rawBody: string }
    ? Buffer | undefined
    : E extends { streamedBody: true }
      ? AsyncIterable<Uint8Array>
      : Part<ValidBody<E>>;
}>;

/** A file a download endpoint answers: its name, and its content as it is produced (never all in memory). */
export interface Download {
  fileName: string;
  content: AsyncIterable<string | Buffer>;
}

/**
 * Answers what the success envelope carries (nothing for a 204 endpoint); the status and the
 * envelope are added here. A stream's handler writes the stream itself and answers nothing; a
 * download's answers the file, sent here as an attachment.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<
  E extends { stream: string }
    ? void
    : E extends { download: string }
      ? Download
      : E extends { response: unknown }
        ? EndpointResponse<E>
        : void
>;

/**
 * Registers `endpoint` of the shared map: method, path, validation, response serialisation and the
 * OpenAPI description all come from the entry; the handler only does the work.
 */
function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  const status = successStatus(endpoint);
  // Creates take an Idempotency-Key: http/idempotency.ts keeps or replays their answers.
  const idempotent = takesIdempotencyKey(endpoint);
  if (endpoint.rawBody) acceptRawBody(app, endpoint.rawBody);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...(endpoint.public && { public: true }), ...(idempotent && { idempotent: true }) },
    ...(endpoint.bodyLimit && { bodyLimit: endpoint.bodyLimit }),
    // A streamed body is read only as JSON: another type's parser would hand the handler something else.
    ...((endpoint.rawBody || endpoint.streamedBody) && {
      preValidation: requireContentType(endpoint.rawBody ?? 'application/json'),
    }),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.public && { security: [] }),
      // A file body is not validated by a schema (the handler reads the bytes): the document says it in words.
      ...(endpoint.rawBody && {
        description: `The body is the file itself, Content-Type: ${endpoint.rawBody}${endpoint.bodyLimit ? `, at most ${endpoint.bodyLimit} bytes` : ''}.`,
      }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(idempotent && { headers: idempotencyHeaders }),
      response: {
        ...(endpoint.response &&
          !endpoint.stream &&
          !endpoint.download && { [status]: successEnvelope(endpoint.response) }),
        // A stream has no envelope: the document names its content type and what each event carries.
        ...(endpoint.response &&
          endpoint.stream && { 200: { content: { [endpoint.stream]: { schema: endpoint.response } } } }),
        // Nor has a download: the document names the file's type and, for JSON, what it holds.
        ...(endpoint.download && {
          200: { content: { [endpoint.download]: { schema: endpoint.response ?? z.string() } } },
        }),
        // Every failure answers the error envelope: its details name each issue by code (shared/issues.ts).
        '4XX': errorEnvelopeSchema,
        '5XX': errorEnvelopeSchema,
      },
    },
    ...(endpoint.bodyLimit && { bodyLimit: endpoint.bodyLimit }),
    // The schema describes a streamed body; the handler checks it as it reads it.
    ...(endpoint.streamedBody && { validatorCompiler: leaveBodyToHandler, onSend: closeIfBodyUnread }),
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      // The handler took the reply over and writes the stream itself.
      if (endpoint.stream) return reply;
      if (endpoint.download) {
        const { fileName, content } = answer as Download;
        return reply
          .type(`${endpoint.download}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Readable.from(content));
      }
      return status === 204 ? reply.code(204).send() : reply.code(status).send(success(answer));
    },
  });
}

/** The routes of this plugin read a body of `type` as its raw bytes (a Buffer; none when it was empty). */
function acceptRawBody(app: FastifyInstance, type: string): void {
  if (app.hasContentTypeParser(type)) return;
  app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/**
 * The routes of this plugin get a JSON body as its bytes as they arrive, not parsed: a declared
 * length past the route's limit is refused before a byte is read, and so is the body once more
 * than that arrives.
 */
function acceptStreamedJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit!;
    if (Number(request.headers['content-length']) > limit) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    else done(null, bytesUpTo(payload, limit));
  });
}

async function* bytesUpTo(payload: AsyncIterable<Buffer>, limit: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  try {
    for await (const chunk of payload) {
      received += chunk.length;
      if (received > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      yield chunk;
    }
  } catch (error) {
    // A body cut short (the client went away) is the request's fault, as Fastify's own reader has it.
    const failure = error as { statusCode?: number };
    if (!(typeof failure.statusCode === 'number' && failure.statusCode >= 400)) failure.statusCode = 400;
    throw error;
  }
}

function leaveBodyToHandler<S>(route: Parameters<FastifySchemaCompiler<S>>[0]) {
  return route.httpPart === 'body' ? () => true : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
}

/** An answer given before the body was all read (a refusal) closes the connection: the rest is not wanted. */
async function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/** A file route answers any other body with what it expects (JSON parsed as such would reach it otherwise). */
function requireContentType(type: string) {
  return async (request: FastifyRequest) => {
    const sent = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (sent !== type) {
      throw validationError('body', 'request.fileBody', { type });
    }
  };
}

/** Registers every endpoint of a group of the map, in the map's order; the types ask for a handler for each. */
export function routes<G extends EndpointGroup>(
  app: FastifyInstance,
  group: G,
  handlers: { [K in keyof G]: EndpointHandler<G[K]> },
): void {
  const endpoints = Object.values(group);
  if (endpoints.some((e) => e.streamedBody)) {
    if (endpoints.some((e) => e.body && !e.streamedBody)) {
      throw new Error('A group with a streamed body streams every body: its routes share the JSON reader.');
    }
    acceptStreamedJson(app);
  }
  for (const name of Object.keys(group)) {
    route(app, group[name] as Endpoint, handlers[name] as EndpointHandler<Endpoint>);
  }
}
