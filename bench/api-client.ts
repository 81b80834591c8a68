// A client of a running server's API over real HTTP (fetch keeps connections alive), unwrapping
// the `{ response }` envelope; any answer of 300 or more throws with its body. `send` streams a
// large body instead and answers whatever status comes back.
import http from 'node:http';
import { Readable } from 'node:stream';

/** A request body written a chunk at a time (never held whole), with its length declared up front. */
export interface StreamedBody {
  bytes: number;
  /** The body's chunks, the same each time it is iterated. */
  chunks(): Iterable<Buffer>;
}

/** An answer's JSON as it comes, unchecked (what JSON.parse gives): for a script that reads a field or two. */
export type Json = ReturnType<typeof JSON.parse>;

/** One call carrying `token` (or none): for a script acting as many people at once, each with their own token. */
export function callAs(origin: string, method: string, url: string, token?: string, body?: unknown): Promise<Json> {
  return new ApiClient(origin, token).call<Json>(method, url, body);
}

export class ApiClient {
  constructor(
    /** `http://host:port`, without the /api/v1 prefix. */
    readonly origin: string,
    public token?: string,
  ) {}

  async call<T = unknown>(method: string, url: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const res = await fetch(`${this.origin}/api/v1${url}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text).response : undefined) as T;
  }

  /** Registers `username` and signs in as them. */
  async signUp(username: string, password: string): Promise<void> {
    await this.call('POST', '/auth/register', { username, password });
    await this.login(username, password);
  }

  /** Signs in and keeps the session's token for the calls that follow. */
  async login(username: string, password: string): Promise<void> {
    this.token = (await this.call<{ token: string }>('POST', '/auth/login', { username, password })).token;
  }

  /**
   * Sends `body` with its Content-Length, writing it as fast as the server reads it, and answers
   * the status and text of the answer, which may come before the body is all sent (a server
   * refusing it early closes the connection: the write fails, the answer stands).
   */
  send(
    method: string,
    url: string,
    contentType: string,
    body: StreamedBody,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.origin}/api/v1${url}`, {
        method,
        headers: {
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          'content-type': contentType,
          'content-length': body.bytes,
        },
      });
      let status: number | undefined;
      const parts: Buffer[] = [];
      const answer = () => resolve({ status: status!, text: Buffer.concat(parts).toString() });
      // A connection the server resets once it has answered cuts the answer's body short, not the answer.
      const fail = (error: Error) => (status === undefined ? reject(error) : answer());
      request.on('response', (res) => {
        status = res.statusCode!;
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', answer);
        res.on('error', fail);
      });
      request.on('error', fail);
      Readable.from(body.chunks()).pipe(request);
    });
  }
}
