import { endpoints } from '@kopiyka/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import {
  cacheCategories,
  cachedCategories,
  failure,
  fakeServer,
  resetApp,
  sampleCategories,
  success,
} from '../test/api.ts';
import { attachmentName, call } from './client.ts';
import { ApiError, inlineErrorMessage, isApiError, isUnreachable } from './errors.ts';
import { queryClient } from './query-client.ts';
import { buildUrl } from './request.ts';
import { signIn } from './session.ts';

const messages = () => useNotificationsStore.getState().notifications.map((notification) => notification.message);

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

describe('API client', () => {
  beforeEach(resetApp);

  afterEach(() => {
    resetApp();
  });

  describe('requests', () => {
    it('sends the stored token as a bearer Authorization header', async () => {
      const fetchMock = fakeServer({ 'GET /user': () => success({}) });
      signIn('secret-token');
      await call(endpoints.user.get);
      const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
      expect(headers.get('Authorization')).toBe('Bearer secret-token');
    });

    it('sends no Authorization header without a token', async () => {
      const fetchMock = fakeServer({ 'GET /models/currencies': () => success([]) });
      await call(endpoints.currencies.list);
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    });

    it('keeps the session id of a response and sends it back', async () => {
      const fetchMock = fakeServer({
        'GET /models/currencies': () => success([], { headers: { 'X-Session-ID': 'session-42' } }),
      });
      await call(endpoints.currencies.list);
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('X-Session-ID')).toBe(false);
      expect(sessionStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('session-42');

      await call(endpoints.currencies.list);
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('X-Session-ID')).toBe('session-42');
    });

    it('sends bodies as JSON', async () => {
      const fetchMock = fakeServer({ 'POST /auth/login': ({ body }) => success({ token: 't', echo: body }) });
      const answer: { token: string; echo?: unknown } = await call(endpoints.auth.login, {
        body: { username: 'a', password: 'b' },
      });
      expect(answer.echo).toEqual({ username: 'a', password: 'b' });
      const init = fetchMock.mock.calls[0]?.[1];
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    });

    it('puts GET parameters in the query string, dropping empty values', () => {
      expect(
        buildUrl('/transactions', {
          from: 0,
          limit: 20,
          startDate: new Date('2025-03-01T00:00:00.000Z'),
          endDate: undefined,
          amountGte: null,
          noteSearch: '',
          excludeTransfer: false,
        }),
      ).toBe('/api/v1/transactions?from=0&limit=20&startDate=2025-03-01T00%3A00%3A00.000Z&excludeTransfer=false');
      expect(buildUrl('/user', { a: undefined })).toBe('/api/v1/user');
    });

    it('calls the parameters through fetch under /api/v1', async () => {
      const fetchMock = fakeServer({ 'GET /transactions': () => success([]) });
      await call(endpoints.transactions.list, { query: { limit: 5, noteSearch: '' } });
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/transactions?limit=5');
    });

    it('calls an endpoint of the shared map: its method, its path with the params filled in, lists comma-joined', async () => {
      const fetchMock = fakeServer({
        'DELETE /budgets/5/transactions': () => success({}),
        'GET /transactions': () => success([]),
      });
      await call(endpoints.budgets.removeTransactions, { params: { id: 5 }, body: { transactionIds: [8] } });
      await call(endpoints.transactions.list, {
        query: { accountIds: [1, 2], categoryIds: [], excludeTransfer: true },
      });
      expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
        'DELETE /api/v1/budgets/5/transactions',
        'GET /api/v1/transactions?accountIds=1%2C2&excludeTransfer=true',
      ]);
      expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ transactionIds: [8] });
    });
  });

  describe('typing', () => {
    it('types a call by its endpoint: path params, query and body as its schemas take them', () => {
      // Never run: tsc checks these lines.
      const calls = (id: number) => [
        call(endpoints.accounts.get, { params: { id } }),
        call(endpoints.currencies.rates),
        // @ts-expect-error an account is called by its id
        call(endpoints.accounts.get),
        // @ts-expect-error the params are named as in the path
        call(endpoints.categories.delete, { params: { id } }),
        // @ts-expect-error the total balance is asked for a day
        call(endpoints.stats.totalBalance, { query: {} }),
        // @ts-expect-error a budget needs its name
        call(endpoints.budgets.create, { body: {} }),
        // @ts-expect-error nothing to send with GET /user
        call(endpoints.user.get, { body: {} }),
      ];
      expect(calls).toBeTypeOf('function');
    });
  });

  describe('answers', () => {
    it('unwraps the success envelope', async () => {
      fakeServer({ 'GET /categories': () => success(sampleCategories) });
      await expect(call(endpoints.categories.list)).resolves.toEqual(sampleCategories);
    });

    it('yields undefined for 204 and for an empty body', async () => {
      fakeServer({
        'POST /auth/logout': () => new Response(null, { status: 204 }),
        'DELETE /categories/1': () => new Response('', { status: 200 }),
      });
      await expect(call(endpoints.auth.logout)).resolves.toBeUndefined();
      await expect(call(endpoints.categories.delete, { params: { categoryId: 1 } })).resolves.toBeUndefined();
    });

    it('throws a typed ApiError from the error envelope and leaves the message to the caller', async () => {
      fakeServer({
        'POST /auth/register': () =>
          new Response(
            JSON.stringify({
              status: 'error',
              response: {
                code: 'VALIDATION_ERROR',
                statusText: 'Invalid request',
                details: [{ path: 'username', message: 'Too short', code: 'username.tooShort', params: { min: 3 } }],
              },
            }),
            { status: 422 },
          ),
      });
      const error = await caught(call(endpoints.auth.register, { body: { username: 'a', password: 'b' } }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        statusText: 'Invalid request',
        status: 422,
        details: [{ path: 'username', message: 'Too short', code: 'username.tooShort', params: { min: 3 } }],
        notified: false,
      });
      expect(messages()).toEqual([]);
    });
  });

  describe('error mapping', () => {
    it('reports a network failure once, however often it happens', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      const error = await caught(call(endpoints.user.get));
      await caught(call(endpoints.categories.list));
      expect(error.code).toBe('NETWORK_ERROR');
      expect(error.isNetworkError).toBe(true);
      expect(error.status).toBe(0);
      expect(messages()).toEqual(['Can’t reach the server. Check your connection and try again.']);
    });

    it('leaves a change that cannot reach the server to its form to say, in place', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      const error = await caught(call(endpoints.transactions.delete, { params: { txId: 1 } }));
      expect(error).toMatchObject({ code: 'NETWORK_ERROR', notified: false });
      expect(isUnreachable(error)).toBe(true);
      expect(messages()).toEqual([]);
      expect(inlineErrorMessage(error)).toBe('Can’t reach the server. Check your connection and try again.');
    });

    it('reports an answer that is not an envelope as an unexpected error', async () => {
      fakeServer({ 'GET /user': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
      const error = await caught(call(endpoints.user.get));
      expect(error).toMatchObject({ code: 'UNEXPECTED', status: 502, notified: true });
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it('reports a success status without an envelope as an unexpected error', async () => {
      fakeServer({ 'GET /user': () => new Response(JSON.stringify({ id: 1 }), { status: 200 }) });
      const error = await caught(call(endpoints.user.get));
      expect(error.code).toBe('UNEXPECTED');
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it('reports the server code UNEXPECTED as "Unexpected error."', async () => {
      fakeServer({ 'GET /user': () => failure(500, 'UNEXPECTED', 'Internal error') });
      const error = await caught(call(endpoints.user.get));
      expect(error).toMatchObject({ code: 'UNEXPECTED', status: 500 });
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it("shows the server's throttle message as one warning toast, however many calls it refuses", async () => {
      let wait = 60;
      fakeServer({
        'GET /user': () => failure(429, 'TOO_MANY_REQUESTS', `Too many requests. Try again in ${wait--} s.`),
      });
      const error = await caught(call(endpoints.user.get));
      await caught(call(endpoints.user.get));
      expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, notified: true });
      expect(useNotificationsStore.getState().notifications).toEqual([
        expect.objectContaining({ type: 'warning', message: 'Too many requests. Try again in 60 s.' }),
      ]);
    });

    it('logs out on UNAUTHENTICATED: token, stores and caches cleared, ended by the server, message shown', async () => {
      fakeServer({ 'GET /user': () => failure(401, 'UNAUTHENTICATED', 'Session expired') });
      signIn('expired-token');
      cacheCategories(sampleCategories as never);
      queryClient.setQueryData(['anything'], 1);

      const error = await caught(call(endpoints.user.get));

      expect(error.code).toBe('UNAUTHENTICATED');
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(useSessionStore.getState()).toMatchObject({ token: null, isLoggedIn: false, user: null });
      expect(cachedCategories()).toEqual([]);
      expect(queryClient.getQueryData(['anything'])).toBeUndefined();
      expect(useSessionStore.getState().endedBy).toBe('server');
      expect(messages()).toEqual(['Unauthorized. Please, login first.']);
    });

    it('does not end a newer session when an old request comes back UNAUTHENTICATED', async () => {
      let answer: (response: Response) => void = () => undefined;
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
      );
      signIn('old-token');
      const late = caught(call(endpoints.user.get));
      signIn('new-token');
      answer(failure(401, 'UNAUTHENTICATED', 'Session expired'));
      await late;
      expect(useSessionStore.getState().token).toBe('new-token');
      expect(useSessionStore.getState().endedBy).toBeNull();
      expect(messages()).toEqual([]);
    });

    it('lets an aborted request fail quietly', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new DOMException('The operation was aborted.', 'AbortError');
        }),
      );
      await expect(call(endpoints.user.get)).rejects.toMatchObject({ name: 'AbortError' });
      expect(messages()).toEqual([]);
    });
  });
});

describe('attachmentName', () => {
  it('reads the name a Content-Disposition gives, the UTF-8 one first, else the fallback', () => {
    expect(attachmentName('attachment; filename="kopiyka.csv"', 'x')).toBe('kopiyka.csv');
    expect(attachmentName('attachment; filename=plain.json', 'x')).toBe('plain.json');
    expect(
      attachmentName(`attachment; filename="olena.json"; filename*=UTF-8''%D0%BE%D0%BB%D0%B5%D0%BD%D0%B0.json`, 'x'),
    ).toBe('олена.json');
    expect(attachmentName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="broken.csv"', 'x')).toBe('broken.csv');
    expect(attachmentName(null, 'export')).toBe('export');
  });
});
