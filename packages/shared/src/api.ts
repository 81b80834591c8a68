import type { z } from 'zod';

/** Where the API lives; every endpoint path is under it. */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the API: what the server registers, the OpenAPI document describes and the web
 * client calls. The map of them all is `endpoints` (endpoints.ts).
 */
export interface Endpoint {
  method: HttpMethod;
  /** Under API_PREFIX; each `:name` segment is a key of `params`. */
  path: string;
  summary: string;
  tags: readonly string[];
  /** Reachable without a bearer token; every other endpoint needs one. */
  public?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** What the success envelope carries. Without it the answer is 204 with no body. */
  response?: z.ZodType;
  /**
   * The status of a successful answer with a body: 200 unless it says 201 (something was created)
   * or 202 (work was queued).
   */
  status?: 200 | 201 | 202;
  /**
   * The answer is a stream of server-sent events, each carrying `response` (no envelope): the
   * handler writes it itself and the client reads it with its own reader, not `call`.
   */
  stream?: 'text/event-stream';
  /**
   * The request body is the raw file of this type, not JSON (`body` is then absent): the handler
   * reads it as bytes, up to `bodyLimit` bytes (else 413).
   */
  rawBody?: 'text/csv';
  /**
   * The JSON body is read by the handler as it arrives rather than parsed whole first: `body`
   * describes it (for the document and the client) and the handler checks it piece by piece.
   * Every endpoint with a body in its group must be streamed too (they share the body reader).
   */
  streamedBody?: true;
  /**
   * `false`: a POST that takes no Idempotency-Key, as a repeat of it could never be answered (the
   * sign-outs end the session a repeat would come with). idempotency.ts has the rule.
   */
  idempotencyKey?: false;
  /** The largest request body taken, in bytes, where the server's default is too small. */
  bodyLimit?: number;
  /**
   * The answer is a file of this type, not the JSON envelope: the handler writes it itself
   * (streamed), with a Content-Disposition naming the file.
   */
  download?: 'text/csv' | 'application/json';
}

/** A group of endpoints, as the map has them (one per resource). */
export type EndpointGroup = Record<string, Endpoint>;

type Input<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : never;
type Output<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/** What a caller fills the path's `:name` segments with. */
export type EndpointParams<E extends Endpoint> = Input<E, 'params'>;
/** What a caller may put in the query string (before it travels as text). */
export type EndpointQuery<E extends Endpoint> = Input<E, 'query'>;
/** What a caller may send as the JSON body. */
export type EndpointBody<E extends Endpoint> = Input<E, 'body'>;
/** What the server reads from each part after validation (defaults and transforms applied). */
export type ValidParams<E extends Endpoint> = Output<E, 'params'>;
export type ValidQuery<E extends Endpoint> = Output<E, 'query'>;
export type ValidBody<E extends Endpoint> = Output<E, 'body'>;
/** The data inside the success envelope; undefined for a 204 answer. */
export type EndpointResponse<E extends Endpoint> = E extends { response: z.ZodType }
  ? Output<E, 'response'>
  : undefined;

/** The HTTP status of a successful answer. */
export function successStatus(endpoint: Endpoint): 200 | 201 | 202 | 204 {
  return endpoint.response ? (endpoint.status ?? 200) : 204;
}

/** The endpoint's path (under API_PREFIX) with its `:name` segments filled in from `params`. */
export function endpointPath(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
