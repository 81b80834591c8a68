import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyResponses, sendEarly, takeEarlyResponse } from './early-responses.ts';

describe('answers asked for early', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchMock = vi.fn(async (input: RequestInfo | URL) => new Response(String(input)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    dropEarlyResponses();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('are asked for at once, at low priority, with the token, and each taken once', async () => {
    sessionStorage.setItem('session-id', 'tab-1');
    sendEarly(['/api/v1/user', '/api/v1/accounts'], 'token');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/user', '/api/v1/accounts']);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.priority).toBe('low');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
    expect(new Headers(init.headers).get('X-Session-ID')).toBe('tab-1');
    expect(await (await takeEarlyResponse('/api/v1/accounts', 'token'))?.text()).toBe('/api/v1/accounts');
    expect(takeEarlyResponse('/api/v1/accounts', 'token')).toBeUndefined();
  });

  it('are not taken by a request with another token, nor for another URL', () => {
    sendEarly(['/api/v1/user'], 'token');
    expect(takeEarlyResponse('/api/v1/user?x=1', 'token')).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/user', 'another')).toBeUndefined();
    // Refused once, it is gone: the next request asks anew.
    expect(takeEarlyResponse('/api/v1/user', 'token')).toBeUndefined();
  });

  it('are not taken ten seconds on, nor after a write', () => {
    sendEarly(['/api/v1/user', '/api/v1/accounts'], 'token');
    vi.advanceTimersByTime(10_001);
    expect(takeEarlyResponse('/api/v1/user', 'token')).toBeUndefined();
    sendEarly(['/api/v1/user'], 'token');
    dropEarlyResponses();
    expect(takeEarlyResponse('/api/v1/user', 'token')).toBeUndefined();
  });

  it('fail as the request would, for whoever takes them', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    sendEarly(['/api/v1/user'], 'token');
    await expect(takeEarlyResponse('/api/v1/user', 'token')).rejects.toThrow('Failed to fetch');
  });
});
