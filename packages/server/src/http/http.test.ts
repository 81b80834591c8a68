import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_PREFIX, type Endpoint, endpoints, ISSUE_CODES, takesIdempotencyKey } from '@kopiyka/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp } from '../../test/app.ts';
import { sessions, userSettings } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('session id', () => {
  it('issues a new X-Session-ID when the request has none', async () => {
    const first = await t.call('GET', '/api/v1/health');
    const second = await t.call('GET', '/api/v1/health');
    expect(first.headers['x-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-session-id']).not.toBe(first.headers['x-session-id']);
  });

  it('echoes a session id the client sends back, on success and on error', async () => {
    const headers = { 'x-session-id': 'my-session_0123456789' };
    expect((await t.call('GET', '/api/v1/health', { headers })).headers['x-session-id']).toBe(headers['x-session-id']);
    expect((await t.call('GET', '/api/v1/user', { headers })).headers['x-session-id']).toBe(headers['x-session-id']);
  });

  it('replaces a malformed session id instead of echoing it', async () => {
    const res = await t.call('GET', '/api/v1/health', { headers: { 'x-session-id': 'bad id<script>' } });
    expect(res.headers['x-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('envelope and errors', () => {
  it('answers unknown API routes with NOT_FOUND in the error envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/auth/nothing'],
      ['DELETE', '/api/v1/user/currencies/base'],
    ] as const) {
      const res = await t.call(method, url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status: 'error',
        response: { code: 'NOT_FOUND', statusText: expect.stringContaining('No route') },
      });
    }
  });

  it('answers a body of the wrong content type with VALIDATION_ERROR', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', {
      body: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(422);
    expect(res.body.response).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
  });

  it('answers a missing JSON body with VALIDATION_ERROR on body', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
  });

  it('lets no cache keep an answer of an API route, a refusal included', async () => {
    const owner = await signUp(t);
    const answers = [
      await t.call('GET', '/api/v1/accounts', { token: owner.token }),
      await t.call('GET', '/api/v1/accounts'),
      await t.call('GET', '/api/v1/accounts/999999999', { token: owner.token }),
    ];
    expect(answers.map((res) => [res.status, res.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    expect((await t.call('GET', '/api/v1/health')).headers['strict-transport-security']).toBeUndefined();
    for (const [publicUrl, hsts] of [
      ['https://money.example.com', 'max-age=15552000'],
      ['http://192.168.1.20:3000', undefined],
    ]) {
      const instance = await startTestApp({ publicUrl });
      try {
        expect((await instance.call('GET', '/api/v1/health')).headers['strict-transport-security']).toBe(hsts);
      } finally {
        await instance.close();
      }
    }
  });
});

describe('database races no service foresaw', () => {
  /**
   * Routes that fail the way a request does when another one changes the data between its check
   * and its write: real statements on the app's database, answered by the app's error handling.
   */
  let raced: TestApp;
  beforeAll(async () => {
    const driverError = (code: string, message: string) =>
      new Error('Failed query', { cause: Object.assign(new Error(message), { code }) });
    raced = await startTestApp(
      {},
      {
        beforeReady: (app) => {
          const route = (name: string, handler: () => Promise<unknown>) =>
            app.post(`/api/v1/test-only/${name}`, { config: { public: true } }, handler);
          // The user was deleted meanwhile: the row that refers to it breaks a foreign key.
          route('foreign-key', () => app.db.insert(userSettings).values({ userId: 2_000_000_000 }));
          // Another request created the row first: a unique key.
          route('unique', async () => {
            const { id } = await signUp(raced);
            await app.db.insert(userSettings).values({ userId: id });
          });
          route('deadlock', () => Promise.reject(driverError('40P01', 'deadlock detected')));
          route('serialization', () => Promise.reject(driverError('40001', 'could not serialize access')));
          // Not a race: a bug, which stays a 500.
          route('bug', () => app.db.execute(sql`select 1 / 0`));
        },
      },
    );
  });
  afterAll(() => raced.close());

  it.each(['foreign-key', 'unique', 'deadlock', 'serialization'])(
    'answers %s with CONFLICT asking to reload, never 500',
    async (name) => {
      const res = await raced.call('POST', `/api/v1/test-only/${name}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        status: 'error',
        response: { code: 'CONFLICT', statusText: 'This changed meanwhile. Reload and try again.' },
      });
    },
  );

  it('still answers any other database failure as UNEXPECTED', async () => {
    const res = await raced.call('POST', '/api/v1/test-only/bug');
    expect(res.status).toBe(500);
    expect(res.body.response.code).toBe('UNEXPECTED');
  });
});

describe('health and API documentation', () => {
  it('reports health and the database kind without a token', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.body).toEqual({
      status: 'success',
      response: { status: 'ok', db: t.handle.kind, registrations: 'open' },
    });
  });

  it('serves the OpenAPI document with every route of this issue and the envelope in its answers', async () => {
    const res = await t.call('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/user',
      '/api/v1/models/currencies',
      '/api/v1/user/currencies',
      '/api/v1/user/currencies/base',
      '/api/v1/categories',
      '/api/v1/health',
    ]) {
      expect(paths).toContain(p);
    }
    const login = res.body.paths['/api/v1/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'password',
    ]);
    expect(login.responses['200'].content['application/json'].schema.properties.status).toBeDefined();
  });

  it('documents the error envelope on every route, its details naming each issue by a code of the catalogue', async () => {
    const res = await t.call('GET', '/api/v1/openapi.json');
    const operations = Object.values(res.body.paths).flatMap((path) => Object.values(path as object));
    expect(operations.filter((operation) => !operation.responses['4XX'] || !operation.responses['5XX'])).toEqual([]);
    const failure = res.body.paths['/api/v1/auth/login'].post.responses['4XX'].content['application/json'].schema;
    const issue = failure.properties.response.properties.details.items;
    expect(issue.required).toEqual(['path', 'message', 'code', 'params']);
    expect(issue.properties.code.enum).toEqual(ISSUE_CODES);
  });

  it('describes exactly the endpoints of the shared map, each with its public or bearer access', async () => {
    const res = await t.call('GET', '/api/v1/openapi.json');
    const documented = Object.entries(res.body.paths).flatMap(([url, operations]) =>
      Object.entries(operations as Record<string, { security?: unknown[] }>).map(
        ([method, operation]) => `${method.toUpperCase()} ${url} ${operation.security ? 'public' : 'bearer'}`,
      ),
    );
    const mapped = Object.values(endpoints).flatMap((group) =>
      Object.values(group).map(
        (endpoint: Endpoint) =>
          `${endpoint.method} ${API_PREFIX}${endpoint.path.replace(/:(\w+)/g, '{$1}')} ${endpoint.public ? 'public' : 'bearer'}`,
      ),
    );
    expect(documented.sort()).toEqual(mapped.sort());
  });

  it('documents the optional Idempotency-Key header on every create, and on nothing else', async () => {
    const res = await t.call('GET', '/api/v1/openapi.json');
    type Parameter = { in: string; name: string; required: boolean; description?: string };
    const headerOf = (endpoint: Endpoint) =>
      (
        res.body.paths[`${API_PREFIX}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`][endpoint.method.toLowerCase()]
          .parameters as Parameter[] | undefined
      )?.find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
    const all = Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
    const creates = all.filter(takesIdempotencyKey);
    expect(creates).toContain(endpoints.transactions.create);
    expect(creates).not.toContain(endpoints.backup.restore);
    for (const endpoint of all) {
      const header = headerOf(endpoint);
      if (!takesIdempotencyKey(endpoint)) {
        expect(header, `${endpoint.method} ${endpoint.path}`).toBeUndefined();
        continue;
      }
      expect(header, `${endpoint.method} ${endpoint.path}`).toMatchObject({
        required: false,
        description: expect.stringContaining('24 hours'),
        schema: { type: 'string' },
      });
    }
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('global rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimitPerMinute: 3 });
  });
  afterAll(() => limited.close());

  it('answers TOO_MANY_REQUESTS with Retry-After once an address exceeds the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await limited.call('GET', '/api/v1/health')).status).toBe(200);
    const res = await limited.call('GET', '/api/v1/health');
    expect(res.status).toBe(429);
    // Requests without a valid token count too: each costs a session lookup.
    expect((await limited.call('GET', '/api/v1/user', { token: 'not-a-session' })).status).toBe(429);
    // The same route spelled with escapes is the same route, counted under the same limit.
    for (const url of ['/%61pi/v1/health', '/ap%69/v1/health', '/api/v1/h%65alth']) {
      expect((await limited.call('GET', url)).status).toBe(429);
    }
    expect(res.body.response.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a client gone before the rate limit counts its request', () => {
  const lines: string[] = [];
  let gone: TestApp;
  beforeAll(async () => {
    gone = await startTestApp(
      { logLevel: 'error' },
      {
        logStream: { write: (line) => lines.push(line) },
        // As a session lookup on PostgreSQL lets the client hang up first: its socket is closed
        // (Node then no longer knows the peer's address) before the limit's own hook runs.
        beforeReady: (app) => {
          app.get(
            '/api/v1/test-only/closed-early',
            {
              onRequest: async (request) => {
                request.raw.socket.destroy();
                await once(request.raw.socket, 'close');
              },
            },
            async () => 'unreachable',
          );
        },
      },
    );
    await gone.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => gone.close());

  it('is counted under a key of its own, without an error', async () => {
    const { port } = gone.app.server.address() as AddressInfo;
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('GET /api/v1/test-only/closed-early HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await once(client, 'close');
    // The server has handled the request once a next one is answered.
    expect((await gone.call('GET', '/api/v1/health')).status).toBe(200);
    expect(lines.map((line) => JSON.parse(line))).toEqual([]);
  });
});

const ASSET = `export const app = ${JSON.stringify('Kopiyka '.repeat(400))};\n`;
const MANIFEST = JSON.stringify({ name: 'Kopiyka', start_url: '/', display: 'standalone' });
const SERVICE_WORKER = "self.addEventListener('fetch', () => {});\n";
/** The start of a PNG: its signature and a 1×1 header, enough to be served as one. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('the built web app', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Kopiyka</title><div id="root"></div>');
    // A built asset with the brotli and gzip copies the build writes beside it (web/precompress.ts).
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), ASSET);
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(ASSET));
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(ASSET));
    // What makes it installable and work offline (issue 39): the manifests, an icon, the service worker.
    await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    await writeFile(path.join(dist, 'manifest.uk.webmanifest'), MANIFEST);
    await mkdir(path.join(dist, 'icons'));
    await writeFile(path.join(dist, 'icons', 'icon-192.png'), PNG);
    await writeFile(path.join(dist, 'sw.js'), SERVICE_WORKER);
    web = await startTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await web.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of ['/', '/dashboard', '/account/12', '/sign-in?redirect=%2Fbudgets']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the built assets compressed as the build made them, cached for good', async () => {
    const get = (encoding?: string) =>
      web.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b3c.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
    }
  });

  it('serves the manifests as manifests, the service worker uncached, the icons for a day', async () => {
    for (const url of ['/manifest.webmanifest', '/manifest.uk.webmanifest']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toMatchObject({ display: 'standalone' });
    }
    const worker = await web.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    // The browser asks for it on every visit to find a new build; nothing may keep an old one.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(SERVICE_WORKER);
    const icon = await web.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.rawPayload.equals(PNG)).toBe(true);
  });

  it('still answers unknown API routes with the JSON envelope, however the path is spelled', async () => {
    for (const url of ['/api/v1/unknown', '/%61pi/v1/unknown', '/ap%69/docs/unknown']) {
      const res = await web.call('GET', url);
      expect(res.status).toBe(404);
      expect(res.body.response.code).toBe('NOT_FOUND');
    }
  });

  it('keeps serving the API next to the web app', async () => {
    const { token } = await signUp(web);
    expect((await web.call('GET', '/api/v1/user', { token })).status).toBe(200);
  });

  it('serves its pages past the API rate limit, which still holds for the API', async () => {
    const limited = await startTestApp({ webDistDir: dist, rateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/budgets' })).statusCode).toBe(200);
      }
      for (let i = 0; i < 3; i++) expect((await limited.call('GET', '/api/v1/health')).status).toBe(200);
      expect((await limited.call('GET', '/api/v1/health')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('an unexpected failure', () => {
  const lines: string[] = [];
  const secret = 'internal detail: postgres://kopiyka:hunter2@db/kopiyka';
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp(
      { logLevel: 'error' },
      {
        logStream: { write: (line) => lines.push(line) },
        // A route with a bug in it: nothing of ours is mocked, the real error handling answers.
        beforeReady: (app) => {
          app.get('/api/v1/test-only/bug', async () => {
            throw new Error(secret);
          });
        },
      },
    );
  });
  afterAll(() => broken.close());

  it('answers 500 UNEXPECTED in the error envelope, keeps the message and stack to the log', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/api/v1/test-only/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', response: { code: 'UNEXPECTED', statusText: 'Unexpected error.' } });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('http.test.ts');
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unexpected error');
    expect(logged?.err).toMatchObject({ message: secret, stack: expect.stringContaining('http.test.ts') });
  });
});

describe('logging', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await startTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => logged.close());

  it('tags request lines with the request and session ids', async () => {
    const { token } = await signUp(logged);
    lines.length = 0;
    await logged.call('GET', '/api/v1/user', { token, headers: { 'x-session-id': 'session-for-logs-1' } });
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.reqId).toBeDefined();
      expect(entry.sessionId).toBe('session-for-logs-1');
    }
  });

  it('writes one line per answered request, at debug, with its method, path, status and time', async () => {
    const { token } = await signUp(logged);
    lines.length = 0;
    await logged.call('GET', '/api/v1/user', { token });
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/v1/user' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('writes no request lines at the default level', async () => {
    const quiet: string[] = [];
    const atInfo = await startTestApp({ logLevel: 'info' }, { logStream: { write: (line) => quiet.push(line) } });
    try {
      const { token } = await signUp(atInfo);
      await atInfo.call('GET', '/api/v1/user', { token });
      expect(quiet.filter((line) => line.includes('/api/v1/user'))).toEqual([]);
    } finally {
      await atInfo.close();
    }
  });

  it('never writes the password, the issued token or its hash, even at trace level', async () => {
    lines.length = 0;
    const { token, id } = await signUp(logged);
    await logged.call('GET', '/api/v1/user', { token });
    await logged.call('PUT', '/api/v1/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'another long secret' },
    });
    const [session] = await logged.handle.db.select().from(sessions).where(eq(sessions.userId, id));
    // The calls that carry secrets were logged, so the check below has their lines to look at.
    for (const url of ['/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/user/password']) {
      expect(lines.some((line) => line.includes(url))).toBe(true);
    }
    for (const line of lines) {
      for (const secret of [PASSWORD, 'another long secret', token, session!.tokenHash]) {
        expect(line).not.toContain(secret);
      }
    }
  });
});
