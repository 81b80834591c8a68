import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorBody,
  endpointPath,
  errorEnvelopeSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@kopiyka/shared';
import { SESSION_ID_HEADER, SESSION_ID_STORAGE_KEY } from '../lib/constants.ts';
import { useI18nStore } from '../lib/i18n.ts';
import { session } from '../lib/storage.ts';
import { isConnected, noteAnswer, noteUnreachable } from '../stores/connection.ts';
import { notify } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import { dropEarlyResponses, takeEarlyResponse } from './early-responses.ts';
import { ApiError, ERROR_MESSAGES, errorText, NETWORK_ERROR } from './errors.ts';
import { buildUrl, type QueryParams, requestHeaders } from './request.ts';
import { logout } from './session.ts';

type RequestOptions = {
  /** Sent in the query string; undefined, null, '' and empty lists are left out. */
  query?: QueryParams;
  /** Sent as JSON; a Blob (a file the user chose) is sent as it is, as `rawType`. */
  body?: unknown;
  /** The raw body's content type (`rawBody` endpoints). */
  rawType?: string;
  signal?: AbortSignal;
  /** Overrides the stored token, for calls made while the session is being torn down or set up. */
  token?: string | null;
  /**
   * Sent as `Idempotency-Key` (a create): a repeat with the same key answers the first result and
   * creates nothing, so a change sent again after a failure is made once (docs/api.md
   * "Idempotency-Key").
   */
  idempotencyKey?: string;
  /**
   * The caller says what went wrong itself (the outbox, sending in the background): no toast for a
   * failure. A refused session still ends.
   */
  quiet?: boolean;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Undefined for 204 or an empty body; `invalid` when the body is not JSON. */
async function readBody(response: Response): Promise<{ data: unknown } | 'invalid'> {
  if (response.status === 204) return { data: undefined };
  const text = await response.text();
  if (text.trim() === '') return { data: undefined };
  try {
    return { data: JSON.parse(text) };
  } catch {
    return 'invalid';
  }
}

function isSuccessEnvelope(value: unknown): value is { status: 'success'; response?: unknown } {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'success';
}

function unexpected(status: number): ApiError {
  return new ApiError({ code: 'UNEXPECTED', statusText: ERROR_MESSAGES.unexpected, status });
}

const TOO_MANY_REQUESTS_TOAST_ID = 'too-many-requests';

/**
 * The app-wide reactions to a read's network failure, an unexpected error and throttling; every
 * other code is left to the caller.
 */
function handleGlobally(error: ApiError, usedToken: string | null, quiet = false): ApiError {
  if (quiet && error.code !== 'UNAUTHENTICATED') return error;
  if (error.isNetworkError) {
    notify('error', ERROR_MESSAGES.network);
    error.notified = true;
  } else if (error.code === 'UNEXPECTED') {
    notify('error', ERROR_MESSAGES.unexpected);
    error.notified = true;
  } else if (error.code === 'TOO_MANY_REQUESTS') {
    // No fixed text for this one: the server's text says when to try again, which no form
    // may say itself (a refused login shows only "Unexpected error"). One toast, however many calls.
    notify('warning', errorText(error), { id: TOO_MANY_REQUESTS_TOAST_ID });
    error.notified = true;
  } else if (error.code === 'UNAUTHENTICATED' && usedToken && usedToken === useSessionStore.getState().token) {
    // Only the session that made the call is ended: a late answer must not sign out a newer login.
    // The router then leads to sign-in, and back to this page after it.
    logout('server');
    notify('warning', ERROR_MESSAGES.unauthenticated);
    error.notified = true;
  }
  return error;
}

/** Sends a request with the session's headers; a failure to reach the server becomes an ApiError. */
async function send(
  method: Endpoint['method'],
  url: string,
  { body, rawType, signal, token, idempotencyKey }: Omit<RequestOptions, 'query'> & { token: string | null },
  accept = 'application/json',
): Promise<Response> {
  const headers = requestHeaders(token, accept);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  const raw = body instanceof Blob;
  if (body !== undefined) headers.set('Content-Type', raw ? (rawType ?? body.type) : 'application/json');
  // The interface's language: a sign-up's categories are named in it.
  headers.set('Accept-Language', useI18nStore.getState().locale);

  if (method !== 'GET') dropEarlyResponses();
  const early = method === 'GET' && accept === 'application/json' ? takeEarlyResponse(url, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined || raw ? body : JSON.stringify(body),
        signal,
      }));
    // An answer asked for early does not hear the signal: a cancelled request ends here instead.
    signal?.throwIfAborted();
  } catch (error) {
    if (isAbort(error)) throw error;
    // fetch rejects with a TypeError when the network fails (offline, DNS, refused, CORS).
    if (error instanceof TypeError) {
      const unreachable = new ApiError({ code: NETWORK_ERROR, statusText: ERROR_MESSAGES.network, status: 0 });
      if (method !== 'GET') throw unreachable;
      // A change is answered where it was asked (its form or dialog, which may cover the toasts),
      // with a way to send it again; a read has no such place, so a toast says it, and the app
      // shows what it loaded last until the server answers again (issue 39). Once the app knows it
      // has no connection, its notice says so: no toast for each read that fails meanwhile.
      const known = !isConnected();
      noteUnreachable();
      if (known) unreachable.notified = true;
      throw known ? unreachable : handleGlobally(unreachable, token);
    }
    throw handleGlobally(unexpected(0), token);
  }
  noteAnswer();

  const newSessionId = response.headers.get(SESSION_ID_HEADER);
  if (newSessionId) session.set(SESSION_ID_STORAGE_KEY, newSessionId);
  return response;
}

/** The error an answer that is not a success carries, told to the user where the app does that for everyone. */
async function failureOf(response: Response, token: string | null, quiet = false): Promise<ApiError> {
  const body = await readBody(response);
  if (body === 'invalid') return handleGlobally(unexpected(response.status), token, quiet);
  const envelope = errorEnvelopeSchema.safeParse(body.data);
  if (!envelope.success) return handleGlobally(unexpected(response.status), token, quiet);
  const { code, statusText, details }: ErrorBody = envelope.data.response;
  return handleGlobally(new ApiError({ code, statusText, status: response.status, details }), token, quiet);
}

const tokenOf = (options: Pick<RequestOptions, 'token'>) =>
  options.token === undefined ? useSessionStore.getState().token : options.token;

async function request<T>(method: Endpoint['method'], path: string, options: RequestOptions): Promise<T> {
  const token = tokenOf(options);
  const response = await send(method, buildUrl(path, options.query), { ...options, token });
  if (!response.ok) throw await failureOf(response, token, options.quiet);
  const body = await readBody(response);
  if (body === 'invalid') throw handleGlobally(unexpected(response.status), token, options.quiet);
  if (body.data === undefined) return undefined as T;
  if (isSuccessEnvelope(body.data)) return body.data.response as T;
  throw handleGlobally(unexpected(response.status), token, options.quiet);
}

/** One part of a call: required when the endpoint has it, absent when it has not. */
type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };
/** The query may be left out when nothing in it is required. */
type QueryPart<T> = [T] extends [never] ? { query?: never } : object extends T ? { query?: T } : { query: T };

/** A `rawBody` endpoint takes the file itself; the others their JSON body, when they have one. */
type BodyPart<E extends Endpoint> = E extends { rawBody: string } ? { body: Blob } : Part<'body', EndpointBody<E>>;

/** What a call to `E` sends, typed by its schemas: path params, query, JSON body (or the raw file). */
export type CallInput<E extends Endpoint> = Part<'params', EndpointParams<E>> &
  QueryPart<EndpointQuery<E>> &
  BodyPart<E> &
  Pick<RequestOptions, 'signal' | 'token' | 'idempotencyKey' | 'quiet'>;

/**
 * Calls an endpoint of the shared map: its method and path (params filled in), the query and the
 * body as its schemas take them; answers what its success envelope carries (undefined for 204).
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, token, idempotencyKey, quiet } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
  } & Omit<RequestOptions, 'query'>;
  return request(endpoint.method, endpointPath(endpoint, params), {
    query,
    body,
    rawType: endpoint.rawBody,
    signal,
    token,
    idempotencyKey,
    quiet,
  });
}

/** The file name a Content-Disposition header gives (`filename*` of RFC 6266 first), or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const encoded = header?.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A broken escape: the plain name below, if any, still holds.
    }
  }
  return header?.match(/filename\s*=\s*"([^"]*)"/)?.[1] ?? header?.match(/filename\s*=\s*([^;\s]+)/)?.[1] ?? fallback;
}

/** Hands `blob` to the browser to save as `name`, through an object URL that is let go right after. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is freed once the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads the file a `download` endpoint answers (with the bearer token, which a plain link
 * cannot send) and saves it under the name the server gives; throws as `call` does when refused.
 */
export async function downloadFile<E extends Endpoint & { download: string }>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<void> {
  const {
    params,
    query,
    signal,
    token: given,
  } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
  } & Pick<RequestOptions, 'signal' | 'token'>;
  const token = tokenOf({ token: given });
  const url = buildUrl(endpointPath(endpoint, params), query);
  const response = await send(endpoint.method, url, { signal, token }, endpoint.download);
  if (!response.ok) throw await failureOf(response, token);
  const blob = await response.blob();
  saveFile(
    blob,
    attachmentName(
      response.headers.get('Content-Disposition'),
      endpointPath(endpoint, params).split('/').pop() ?? 'download',
    ),
  );
}

/**
 * Opens a server-sent event stream of the map (`stream` endpoints): answers the body to read it
 * from (EventSource cannot send the bearer token), or throws as `call` does when it is refused.
 */
export async function openEventStream(
  endpoint: Endpoint & { stream: 'text/event-stream' },
  options: Pick<RequestOptions, 'signal' | 'token'> = {},
): Promise<ReadableStream<Uint8Array>> {
  const token = tokenOf(options);
  const response = await send(
    endpoint.method,
    buildUrl(endpointPath(endpoint)),
    { ...options, token },
    'text/event-stream',
  );
  if (!response.ok) throw await failureOf(response, token);
  if (!response.body) throw handleGlobally(unexpected(response.status), token);
  return response.body;
}
