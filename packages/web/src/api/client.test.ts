import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { setNavigator } from '../lib/navigation.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { signIn, useSessionStore } from '../stores/session.ts';
import {
  cacheCategories,
  cachedCategories,
  failure,
  fakeServer,
  resetApp,
  sampleCategories,
  success,
} from '../test/api.ts';
import { api, buildUrl } from './client.ts';
import { ApiError, isApiError } from './errors.ts';
import { queryClient } from './query-client.ts';

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

describe('API client (SPEC §7, §8)', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    resetApp();
    navigate.mockReset();
    setNavigator(navigate);
  });

  afterEach(() => {
    resetApp();
  });

  describe('requests', () => {
    it('sends the stored token as a bearer Authorization header', async () => {
      const fetchMock = fakeServer({ 'GET /user': () => success({}) });
      signIn('secret-token');
      await api.get('/user');
      const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
      expect(headers.get('Authorization')).toBe('Bearer secret-token');
    });

    it('sends no Authorization header without a token', async () => {
      const fetchMock = fakeServer({ 'GET /models/currencies': () => success([]) });
      await api.get('/models/currencies');
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    });

    it('keeps the session id of a response and sends it back', async () => {
      const fetchMock = fakeServer({
        'GET /models/currencies': () => success([], { headers: { 'X-Session-ID': 'session-42' } }),
      });
      await api.get('/models/currencies');
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('X-Session-ID')).toBe(false);
      expect(sessionStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('session-42');

      await api.get('/models/currencies');
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('X-Session-ID')).toBe('session-42');
    });

    it('sends bodies as JSON', async () => {
      const fetchMock = fakeServer({ 'POST /auth/login': ({ body }) => success({ token: 't', echo: body }) });
      const answer = await api.post<{ token: string; echo: unknown }>('/auth/login', { username: 'a', password: 'b' });
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
      await api.get('/transactions', { params: { limit: 5, note: '' } });
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/transactions?limit=5');
    });
  });

  describe('answers', () => {
    it('unwraps the success envelope', async () => {
      fakeServer({ 'GET /categories': () => success(sampleCategories) });
      await expect(api.get('/categories')).resolves.toEqual(sampleCategories);
    });

    it('yields undefined for 204 and for an empty body', async () => {
      fakeServer({
        'POST /auth/logout': () => new Response(null, { status: 204 }),
        'DELETE /categories/1': () => new Response('', { status: 200 }),
      });
      await expect(api.post('/auth/logout')).resolves.toBeUndefined();
      await expect(api.delete('/categories/1')).resolves.toBeUndefined();
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
                details: [{ path: 'username', message: 'Too short' }],
              },
            }),
            { status: 422 },
          ),
      });
      const error = await caught(api.post('/auth/register', { username: 'a', password: 'b' }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        statusText: 'Invalid request',
        status: 422,
        details: [{ path: 'username', message: 'Too short' }],
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
      const error = await caught(api.get('/user'));
      await caught(api.get('/categories'));
      expect(error.code).toBe('NETWORK_ERROR');
      expect(error.isNetworkError).toBe(true);
      expect(error.status).toBe(0);
      expect(messages()).toEqual(['Failed to fetch data from the server.']);
    });

    it('reports an answer that is not an envelope as an unexpected error', async () => {
      fakeServer({ 'GET /user': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
      const error = await caught(api.get('/user'));
      expect(error).toMatchObject({ code: 'UNEXPECTED', status: 502, notified: true });
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it('reports a success status without an envelope as an unexpected error', async () => {
      fakeServer({ 'GET /user': () => new Response(JSON.stringify({ id: 1 }), { status: 200 }) });
      const error = await caught(api.get('/user'));
      expect(error.code).toBe('UNEXPECTED');
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it('reports the server code UNEXPECTED as "Unexpected error."', async () => {
      fakeServer({ 'GET /user': () => failure(500, 'UNEXPECTED', 'Internal error') });
      const error = await caught(api.get('/user'));
      expect(error).toMatchObject({ code: 'UNEXPECTED', status: 500 });
      expect(messages()).toEqual(['Unexpected error.']);
    });

    it("shows the server's throttle message as one warning toast, however many calls it refuses", async () => {
      let wait = 60;
      fakeServer({
        'GET /user': () => failure(429, 'TOO_MANY_REQUESTS', `Too many requests. Try again in ${wait--} s.`),
      });
      const error = await caught(api.get('/user'));
      await caught(api.get('/user'));
      expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, notified: true });
      expect(useNotificationsStore.getState().notifications).toEqual([
        expect.objectContaining({ type: 'warning', message: 'Too many requests. Try again in 60 s.' }),
      ]);
    });

    it('logs out on UNAUTHENTICATED: token, stores and caches cleared, back to /, message shown', async () => {
      fakeServer({ 'GET /user': () => failure(401, 'UNAUTHENTICATED', 'Session expired') });
      signIn('expired-token');
      cacheCategories(sampleCategories as never);
      queryClient.setQueryData(['anything'], 1);

      const error = await caught(api.get('/user'));

      expect(error.code).toBe('UNAUTHENTICATED');
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(useSessionStore.getState()).toMatchObject({ token: null, isLoggedIn: false, user: null });
      expect(cachedCategories()).toEqual([]);
      expect(queryClient.getQueryData(['anything'])).toBeUndefined();
      expect(navigate).toHaveBeenCalledWith('/');
      expect(messages()).toEqual(['Unauthorized. Please, login first.']);
    });

    it('does not end a newer session when an old request comes back UNAUTHENTICATED', async () => {
      let answer: (response: Response) => void = () => undefined;
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
      );
      signIn('old-token');
      const late = caught(api.get('/user'));
      signIn('new-token');
      answer(failure(401, 'UNAUTHENTICATED', 'Session expired'));
      await late;
      expect(useSessionStore.getState().token).toBe('new-token');
      expect(navigate).not.toHaveBeenCalled();
      expect(messages()).toEqual([]);
    });

    it('lets an aborted request fail quietly', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new DOMException('The operation was aborted.', 'AbortError');
        }),
      );
      await expect(api.get('/user')).rejects.toMatchObject({ name: 'AbortError' });
      expect(messages()).toEqual([]);
    });
  });
});
