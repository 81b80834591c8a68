import {
  type ErrorBody,
  errorStatus,
  type IssueCode,
  type IssueParamsArgument,
  issueAt,
  type ValidationIssue,
} from '@kopiyka/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConcurrentChange } from '../lib/db-errors.ts';
import { AppError, invalidInputText, zodIssueCode } from '../lib/errors.ts';
import { attachSessionId } from './session-id.ts';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send({ status: 'error', response: body });
}

/** A VALIDATION_ERROR on a part of the request as a whole (`body`, `path`) rather than on a field. */
function sendInvalid<C extends IssueCode>(
  reply: FastifyReply,
  path: string,
  code: C,
  ...params: IssueParamsArgument<C>
) {
  const issue = issueAt(path, code, ...params);
  return send(reply, 422, {
    code: 'VALIDATION_ERROR',
    statusText: `Invalid input. ${path}: ${issue.message}`,
    details: [issue],
  });
}

function issuePath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/** A body limit as people read it: "64 MB", "1 MB", "512 KB". */
function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

const CHANGED_MEANWHILE = 'This changed meanwhile. Reload and try again.';

/**
 * Every failure leaves in the error envelope. Anything shaped by the request (bad JSON, wrong
 * content type, too large, schema mismatch) is a VALIDATION_ERROR naming the field, but a file
 * past its route's own limit is PAYLOAD_TOO_LARGE; only a bug is UNEXPECTED. A database race nobody mapped (see isConcurrentChange) is a CONFLICT.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, errorStatus(error.code), {
        code: error.code,
        statusText: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: ValidationIssue[] = error.validation.map((issue) => ({
        path: issuePath(issue.instancePath, error.validationContext),
        message: issue.message ?? 'Invalid value',
        ...zodIssueCode(issue.keyword, issue.params as Record<string, unknown>),
      }));
      return send(reply, 422, { code: 'VALIDATION_ERROR', statusText: invalidInputText(details), details });
    }
    if (isConcurrentChange(error)) {
      // The last line of defence against check-then-write races: the data moved under the request.
      request.log.warn({ err: error }, 'concurrent change');
      return send(reply, 409, { code: 'CONFLICT', statusText: CHANGED_MEANWHILE });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { code: 'TOO_MANY_REQUESTS', statusText: 'Too many requests. Please slow down.' });
    }
    if (status === 404) return send(reply, 404, { code: 'NOT_FOUND', statusText: 'Not found.' });
    const limit = request.routeOptions.bodyLimit;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit && limit !== request.server.initialConfig.bodyLimit) {
      // A route with a limit of its own takes a file: past it, the file is too large, not invalid.
      return send(reply, 413, {
        code: 'PAYLOAD_TOO_LARGE',
        statusText: `The body is too large: at most ${megabytes(limit)} are taken.`,
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own parsing errors: malformed JSON, empty body with a JSON type, body too large…
      return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? sendInvalid(reply, 'body', 'request.tooLarge')
        : sendInvalid(reply, 'body', 'request.unreadable', { reason: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, { code: 'UNEXPECTED', statusText: 'Unexpected error.' });
  });
}

/** Why the router could not read an address, for the failures a request causes; anything else is a bug. */
const UNREADABLE_PATHS: Record<string, 'request.badAddress' | 'request.addressTooLong'> = {
  FST_ERR_BAD_URL: 'request.badAddress',
  FST_ERR_MAX_PARAM_LENGTH: 'request.addressTooLong',
};

/**
 * The router's own failures, before any route or hook runs (Fastify's `frameworkErrors`): a path
 * that does not decode (`/accounts/%ED%A0%80`, a lone surrogate) or a segment past its length.
 * They keep the envelope and the session id like every other answer.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  attachSessionId(request, reply);
  const code = UNREADABLE_PATHS[error.code];
  if (code) return sendInvalid(reply, 'path', code);
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, { code: 'UNEXPECTED', statusText: 'Unexpected error.' });
};

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    code: 'NOT_FOUND',
    statusText: `No route ${request.method} ${request.url.split('?')[0]}.`,
  });
}
